package dev.tide.campus.mail;

import dev.tide.api.worker.TaskContext;
import dev.tide.api.worker.TaskFailure;
import dev.tide.api.worker.TaskHandler;
import jakarta.mail.MessagingException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends one {@code message} task: reads its body file, sends it over SMTP, and deletes the file once the server has
 * accepted the message (seed 000, §4.3.5.3.1.3), never before, so a failed attempt leaves it for the next.
 *
 * <p>A failure no retry can cure (a refused recipient, an address that does not parse, see {@link SmtpFailures}) fails
 * the task for good, its reason kept as the task's message for the mailing's report; any other failure (the server down,
 * a 4xx reply) fails the attempt, and Tide retries it after the task type's backoff until its attempts run out.
 */
public final class MessageHandler implements TaskHandler {
    private static final Logger log = LoggerFactory.getLogger(MessageHandler.class);

    private final MailFolder folder;
    private final SmtpSender sender;

    public MessageHandler(MailFolder folder, SmtpSender sender) {
        this.folder = folder;
        this.sender = sender;
    }

    @Override
    public void handle(TaskContext context) throws Exception {
        MessageTask message = context.payload(MessageTask.class);
        String body = readBody(message);
        try {
            sender.send(context.task().id(), message.to(), message.subject(), body);
        } catch (MessagingException e) {
            if (SmtpFailures.isPermanent(e)) {
                throw new TaskFailure(SmtpFailures.describe(e), e);
            }
            throw new SendDeferred(e);
        }
        try {
            folder.delete(message.bodyFile());
        } catch (UncheckedIOException e) {
            // The message is out: failing the task now would send it again. The file stays for maintenance.
            log.warn(
                    "task {}: sent, but its body file stays: {}", context.task().id(), e.getMessage());
        }
        context.result(Map.of("sent", message.to()));
    }

    private String readBody(MessageTask message) throws TaskFailure {
        Path file;
        try {
            file = folder.resolve(message.bodyFile());
        } catch (IllegalArgumentException e) {
            throw new TaskFailure(e.getMessage());
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            // Files are deleted only after a send was accepted: an earlier attempt sent it and its acknowledgement was
            // lost, or someone removed the file. Sending nothing is the safe side of both.
            throw new TaskFailure("the body file " + message.bodyFile()
                    + " is gone (sent by an earlier attempt whose acknowledgement was lost, or removed by hand)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the body file " + file, e);
        }
    }
}
