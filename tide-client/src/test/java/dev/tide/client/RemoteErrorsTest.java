package dev.tide.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.ConflictException;
import dev.tide.api.InvalidRequestException;
import dev.tide.api.LeaseLostException;
import dev.tide.api.NotFoundException;
import dev.tide.api.PayloadTooLargeException;
import dev.tide.api.TideException;
import java.net.URI;
import org.junit.jupiter.api.Test;

class RemoteErrorsTest {
    private static final URI SERVER = URI.create("http://127.0.0.1:7070/");

    private static TideException decode(int status, String body) {
        return RemoteErrors.decode(status, body, SERVER);
    }

    @Test
    void aBadRequestNamesItsField() {
        TideException e = decode(
                400,
                "{\"error\":\"invalid_request\",\"message\":\"tasks[1].type: is required\",\"field\":\"tasks[1].type\"}");

        assertThat(e).isExactlyInstanceOf(InvalidRequestException.class).hasMessage("tasks[1].type: is required");
        assertThat(((InvalidRequestException) e).field()).isEqualTo("tasks[1].type");
    }

    @Test
    void aLostLeaseCarriesItsTask() {
        TideException e = decode(409, "{\"error\":\"lease_lost\",\"message\":\"lease lost\",\"taskId\":42}");

        assertThat(e).isExactlyInstanceOf(LeaseLostException.class);
        assertThat(((LeaseLostException) e).taskId()).isEqualTo(42);
        assertThat(e.httpStatus()).isEqualTo(409);
    }

    @Test
    void otherStatusesMapToTheirTypesWithTheServersWords() {
        assertThat(decode(404, "{\"error\":\"not_found\",\"message\":\"task 7 not found\"}"))
                .isExactlyInstanceOf(NotFoundException.class)
                .hasMessage("task 7 not found");
        assertThat(decode(409, "{\"error\":\"conflict\",\"message\":\"task 7 has already finished\"}"))
                .isExactlyInstanceOf(ConflictException.class)
                .hasMessage("task 7 has already finished");
        assertThat(
                        decode(
                                413,
                                "{\"error\":\"payload_too_large\",\"message\":\"payload: 9 bytes is over the cap of 4 bytes\"}"))
                .isExactlyInstanceOf(PayloadTooLargeException.class)
                .hasMessage("payload: 9 bytes is over the cap of 4 bytes");
        assertThat(decode(503, "{\"error\":\"storage_unavailable\",\"message\":\"disk full\"}"))
                .hasMessage("disk full")
                .extracting(TideException::httpStatus)
                .isEqualTo(503);
    }

    @Test
    void anAnswerThatIsNotTidesJsonStillMapsByStatus() {
        TideException tooLarge = decode(413, "<html>Request Entity Too Large</html>");
        TideException gateway = decode(502, "Bad Gateway");

        assertThat(tooLarge).isInstanceOf(PayloadTooLargeException.class).hasMessageContaining("HTTP 413");
        assertThat(gateway.httpStatus()).isEqualTo(502);
        assertThat(gateway).hasMessageContaining(SERVER.toString());
    }
}
