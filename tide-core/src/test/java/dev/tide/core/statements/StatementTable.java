package dev.tide.core.statements;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The measured figures as the Markdown tables of docs/performance.md, and what each capability sends beyond plain. */
final class StatementTable {
    private StatementTable() {}

    static String render(String store, Map<Capability, Map<Operation, Figures>> byCapability) {
        StringBuilder out = new StringBuilder();
        Map<Operation, Figures> plain = byCapability.get(Capability.PLAIN);
        if (plain != null) {
            out.append("\n").append(store).append(", plain fifo queue\n\n");
            out.append(
                    "| operation | statements | per task | rows batched | transactions | NOTIFY | statements sent |\n");
            out.append("|---|---:|---:|---:|---:|---:|---|\n");
            for (Operation op : Operation.values()) {
                Figures f = plain.get(op);
                out.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %s | %d | %d | %d | %s |%n",
                        op.label,
                        f.statements(),
                        perTask(f.statements(), op),
                        f.batchRows(),
                        f.transactions(),
                        f.notifies(),
                        String.join(", ", f.listing())));
            }
        }
        out.append("\n").append(store).append(", statements/transactions per operation with one capability in use\n\n");
        out.append("| capability |");
        for (Operation op : Operation.values()) {
            out.append(' ').append(op.label).append(" |");
        }
        out.append("\n|---|");
        out.append("---:|".repeat(Operation.values().length)).append('\n');
        byCapability.forEach((capability, figures) -> {
            out.append("| ").append(capability.label).append(" |");
            for (Operation op : Operation.values()) {
                Figures f = figures.get(op);
                boolean more = plain != null && !capability.equals(Capability.PLAIN) && grew(f, plain.get(op));
                out.append(' ')
                        .append(more ? "**" : "")
                        .append(f.statements())
                        .append('/')
                        .append(f.transactions())
                        .append(more ? "**" : "")
                        .append(" |");
            }
            out.append('\n');
        });
        if (plain != null) {
            out.append("\n").append(store).append(", statements beyond plain fifo\n\n");
            byCapability.forEach((capability, figures) -> {
                if (capability == Capability.PLAIN) {
                    return;
                }
                for (Operation op : Operation.values()) {
                    List<String> extra =
                            beyond(figures.get(op).listing(), plain.get(op).listing());
                    if (!extra.isEmpty()) {
                        out.append("- ")
                                .append(capability.label)
                                .append(", ")
                                .append(op.label)
                                .append(": ")
                                .append(String.join(", ", extra))
                                .append('\n');
                    }
                }
            });
        }
        return out.toString();
    }

    private static boolean grew(Figures f, Figures plain) {
        return f.statements() > plain.statements() || f.transactions() > plain.transactions();
    }

    private static String perTask(int statements, Operation op) {
        return op.tasks == 1
                ? Integer.toString(statements)
                : String.format(Locale.ROOT, "%.2f", (double) statements / op.tasks);
    }

    /** The entries of {@code listing} left once each entry of {@code plain} has been taken out of it once. */
    private static List<String> beyond(List<String> listing, List<String> plain) {
        List<String> left = new ArrayList<>(listing);
        plain.forEach(left::remove);
        return left;
    }
}
