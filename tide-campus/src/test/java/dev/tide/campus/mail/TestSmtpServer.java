package dev.tide.campus.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.imap.ImapHostManager;
import com.icegreen.greenmail.mail.MailAddress;
import com.icegreen.greenmail.server.AbstractServer;
import com.icegreen.greenmail.server.ProtocolHandler;
import com.icegreen.greenmail.smtp.SmtpManager;
import com.icegreen.greenmail.smtp.SmtpServer;
import com.icegreen.greenmail.smtp.SmtpState;
import com.icegreen.greenmail.user.UserManager;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * GreenMail, a real SMTP server, on a loopback port, which answers {@code 550} to the RCPT of the mailboxes it is told
 * to refuse, as a server does for an address that does not exist. GreenMail accepts every recipient; its
 * {@link SmtpManager#checkRecipient} is the hook it offers for anything else.
 *
 * <p>Its sockets send without Nagle's delay: GreenMail writes a multi-line reply (EHLO's) in several small writes, and
 * the client's delayed ACK then holds each connection about 40 ms, which would make 1,000 messages take a minute.
 */
public final class TestSmtpServer extends GreenMail {
    private final int port;

    private TestSmtpServer(int port, Set<String> refused) {
        super(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        this.port = port;
        this.managers = new RefusingManagers(Set.copyOf(refused));
    }

    /** A server, not started yet, on a free port; refusing these mailboxes. */
    public static TestSmtpServer onFreePort(String... refused) {
        return new TestSmtpServer(freePort(), Set.of(refused));
    }

    public int port() {
        return port;
    }

    /** How many messages arrived, whoever they were for. */
    public int received() {
        return getReceivedMessages().length;
    }

    /** The messages that arrived for {@code address}. */
    public List<MimeMessage> receivedBy(String address) {
        return Arrays.stream(getReceivedMessages())
                .filter(m -> recipients(m).contains(address))
                .toList();
    }

    public static List<String> recipients(MimeMessage message) {
        try {
            Address[] to = message.getRecipients(Message.RecipientType.TO);
            return to == null
                    ? List.of()
                    : Arrays.stream(to).map(Address::toString).toList();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected Map<String, AbstractServer> createServices(ServerSetup[] config, Managers managers) {
        Map<String, AbstractServer> services = new HashMap<>(super.createServices(config, managers));
        services.replaceAll((protocol, server) ->
                server instanceof SmtpServer ? new NoDelaySmtpServer(server.getServerSetup(), managers) : server);
        return services;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class RefusingManagers extends Managers {
        private final SmtpManager smtp;

        RefusingManagers(Set<String> refused) {
            this.smtp = new RefusingSmtpManager(getImapHostManager(), getUserManager(), refused);
        }

        @Override
        public SmtpManager getSmtpManager() {
            return smtp;
        }
    }

    private static final class RefusingSmtpManager extends SmtpManager {
        private final Set<String> refused;

        RefusingSmtpManager(ImapHostManager imap, UserManager users, Set<String> refused) {
            super(imap, users);
            this.refused = refused;
        }

        @Override
        public String checkRecipient(SmtpState state, MailAddress address) {
            return refused.contains(address.getEmail())
                    ? "550 5.1.1 <" + address.getEmail() + ">: no such mailbox"
                    : super.checkRecipient(state, address);
        }
    }

    private static final class NoDelaySmtpServer extends SmtpServer {
        NoDelaySmtpServer(ServerSetup setup, Managers managers) {
            super(setup, managers);
        }

        @Override
        protected ProtocolHandler createProtocolHandler(Socket client) {
            try {
                client.setTcpNoDelay(true);
            } catch (SocketException e) {
                throw new UncheckedIOException(e);
            }
            return super.createProtocolHandler(client);
        }
    }
}
