package dev.tide.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain text table with columns as wide as their widest cell; long cells are cut with an ellipsis. */
final class Table {
    private static final int MAX_CELL = 60;

    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... header) {
        this.columns = header.length;
        rows.add(header);
    }

    Table row(Object... cells) {
        String[] text = new String[columns];
        for (int i = 0; i < columns; i++) {
            String cell = i < cells.length && cells[i] != null ? String.valueOf(cells[i]) : "";
            cell = cell.replaceAll("\\s+", " ");
            text[i] = cell.length() > MAX_CELL ? cell.substring(0, MAX_CELL - 1) + "…" : cell;
        }
        rows.add(text);
        return this;
    }

    boolean isEmpty() {
        return rows.size() == 1;
    }

    void print(PrintWriter out) {
        int[] widths = new int[columns];
        for (String[] row : rows) {
            for (int i = 0; i < columns; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < columns; i++) {
                line.append(i == 0 ? "" : "  ").append(row[i]);
                if (i < columns - 1) {
                    line.append(" ".repeat(widths[i] - row[i].length()));
                }
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }
}
