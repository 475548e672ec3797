package dev.tide.campus.mail;

import java.util.List;

/**
 * The payload of a {@code message} task: who gets it, its subject, and the file its body is in (seed 000 keeps each
 * message's body in a file, and the task names it).
 *
 * @param to the recipients' addresses; one message to all of them
 * @param subject the subject line
 * @param bodyFile the body's file, relative to the mailer's {@link MailFolder}; deleted once the message is sent
 */
public record MessageTask(List<String> to, String subject, String bodyFile) {
    public MessageTask {
        to = to == null ? List.of() : List.copyOf(to);
    }
}
