package dev.tide.campus.mail;

import jakarta.mail.MessagingException;

/**
 * A send that failed for now (the server unreachable, a 4xx reply): the attempt fails and Tide retries the task after
 * its backoff. Its message is the whole chain of what went wrong, kept as the task's message.
 */
public final class SendDeferred extends Exception {
    private static final long serialVersionUID = 1L;

    public SendDeferred(MessagingException cause) {
        super(SmtpFailures.describe(cause), cause);
    }
}
