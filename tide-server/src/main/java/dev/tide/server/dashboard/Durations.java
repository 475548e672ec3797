package dev.tide.server.dashboard;

/** Lengths of time in the words a person reads at a glance: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
public final class Durations {
    private Durations() {}

    public static String words(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return minutes + " min";
        }
        long hours = minutes / 60;
        if (hours < 24) {
            return hours + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
        }
        return hours / 24 + " d" + (hours % 24 == 0 ? "" : " " + hours % 24 + " h");
    }
}
