package dev.tide.campus.mail;

import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;

/**
 * Tells a failed send that no retry will cure from one that a later attempt may get through.
 *
 * <p>Permanent: an address that does not parse, and any SMTP reply of class 5 (RFC 5321 §4.2.1: "permanent negative
 * completion", e.g. 550 no such mailbox) to the sender, a recipient or the message. Anything else is transient: a
 * server that cannot be reached or times out, and the class 4 replies (421 service not available, 450 mailbox busy)
 * that the RFC asks clients to retry.
 */
final class SmtpFailures {
    private SmtpFailures() {}

    static boolean isPermanent(MessagingException failure) {
        for (Exception e = failure; e != null; e = e instanceof MessagingException m ? m.getNextException() : null) {
            int code = replyCode(e);
            if (code >= 500 && code < 600) {
                return true;
            }
            if (code < 0 && e instanceof AddressException) {
                return true; // did not parse: no server saw it
            }
        }
        return false;
    }

    /** The failure and what the server said, one line: what the report shows the mailing's owner. */
    static String describe(MessagingException failure) {
        StringBuilder text = new StringBuilder();
        for (Exception e = failure; e != null; e = e instanceof MessagingException m ? m.getNextException() : null) {
            String line = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().strip();
            if (!line.isEmpty() && text.indexOf(line) < 0) {
                text.append(text.isEmpty() ? "" : "; ").append(line);
            }
        }
        return text.toString().replaceAll("\\s+", " ");
    }

    /** The SMTP reply code a failure carries, or -1 when it carries none. */
    private static int replyCode(Exception e) {
        if (e instanceof SMTPAddressFailedException address) {
            return address.getReturnCode();
        }
        if (e instanceof SMTPSenderFailedException sender) {
            return sender.getReturnCode();
        }
        if (e instanceof SMTPSendFailedException send) {
            return send.getReturnCode();
        }
        return -1;
    }
}
