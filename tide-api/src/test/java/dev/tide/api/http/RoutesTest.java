package dev.tide.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RoutesTest {

    @Test
    void aRouteWithoutParametersIsItsTemplateMadeRelative() {
        assertThat(Routes.path(Routes.TASKS)).isEqualTo("v1/tasks");
    }

    @Test
    void parametersAreFilledInOrderEachAsOneEncodedSegment() {
        assertThat(Routes.path(Routes.TASK_ACK, 42L)).isEqualTo("v1/tasks/42/ack");
        assertThat(Routes.path(Routes.USER_TOKEN, "ada lovelace", "t/1"))
                .isEqualTo("v1/users/ada%20lovelace/tokens/t%2F1");
        assertThat(Routes.path(Routes.WORKER_LEASES, "..")).isEqualTo("v1/workers/%2E%2E/leases");
    }

    @Test
    void theNumberOfParametersMustMatchTheTemplate() {
        assertThatThrownBy(() -> Routes.path(Routes.QUEUE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Routes.path(Routes.QUEUES, "extra")).isInstanceOf(IllegalArgumentException.class);
    }
}
