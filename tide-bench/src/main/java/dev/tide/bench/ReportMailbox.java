package dev.tide.bench;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import java.util.Arrays;

/**
 * A real SMTP server (GreenMail) on a loopback port, in the benchmark's own JVM, that receives the report mails of the
 * campus phase's queued imports: each child JVM's report task sends to it, and the phase counts what arrived. Kept out
 * of the children so that its memory is not in theirs.
 */
final class ReportMailbox implements AutoCloseable {
    private final GreenMail server;

    private ReportMailbox(GreenMail server) {
        this.server = server;
    }

    static ReportMailbox start() {
        GreenMail server = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort());
        server.start();
        return new ReportMailbox(server);
    }

    int port() {
        return server.getSmtp().getPort();
    }

    /** Messages received so far addressed to {@code address}. */
    long receivedBy(String address) {
        return Arrays.stream(server.getReceivedMessages())
                .filter(message -> addressedTo(message, address))
                .count();
    }

    private static boolean addressedTo(Message message, String address) {
        try {
            Address[] to = message.getRecipients(Message.RecipientType.TO);
            return to != null
                    && Arrays.stream(to)
                            .anyMatch(a -> a instanceof InternetAddress i
                                    && i.getAddress().equalsIgnoreCase(address));
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop();
    }
}
