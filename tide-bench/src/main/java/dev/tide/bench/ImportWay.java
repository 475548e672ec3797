package dev.tide.bench;

import java.util.Locale;

/** How the campus phase has an enrollment file imported: as the thesis compared them (§5.2.2). */
enum ImportWay {
    /** Checked and written line by line inside the upload request, which answers with the outcome. */
    DIRECT,
    /** The upload saved and a job queued in the request; a worker pool then reads the file and enrolls each line. */
    QUEUED;

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ImportWay parse(String text) {
        for (ImportWay way : values()) {
            if (way.label().equals(text)) {
                return way;
            }
        }
        throw new IllegalArgumentException("unknown import way '" + text + "' (use direct or queued)");
    }
}
