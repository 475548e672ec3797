package dev.tide.core.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.core.dispatch.FairTurns.Turn;
import dev.tide.core.dispatch.FairTurns.User;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The turns of one claim, as the stores plan them: passes behind the queue's clock start at the clock. */
class FairTurnsTest {
    private static final int NO_CAP = Integer.MAX_VALUE;

    @Test
    void aUserFarBehindTheClockStartsAtItAndGetsOnlyItsShare() {
        User a = new User("a", 30.0, 2, NO_CAP);
        User b = new User("b", 1.0, 1, NO_CAP);
        List<Turn> turns = FairTurns.plan(List.of(b, a), 9, Double.POSITIVE_INFINITY, 29.5);
        assertThat(turns).containsExactly(new Turn(b, 29.5, 3), new Turn(a, 30.0, 6));
    }

    @Test
    void usersBehindTheClockTogetherKeepTheirOrderInsteadOfTheFirstNameWinningEveryTie() {
        // a was served at the last clock, b a round before: both are behind the clock now, and b was further behind.
        User a = new User("a", 4.0, 1, NO_CAP);
        User b = new User("b", 3.0, 1, NO_CAP);
        assertThat(FairTurns.plan(List.of(a, b), 1, Double.POSITIVE_INFINITY, 7.0))
                .containsExactly(new Turn(b, 7.0, 1));
    }

    @Test
    void noUserStartsBeyondTheHorizonEvenWhenTheClockIsAheadOfItsPass() {
        User a = new User("a", 0.0, 1, NO_CAP);
        assertThat(FairTurns.plan(List.of(a), 5, 3.0, 2.5)).containsExactly(new Turn(a, 2.5, 1));
    }

    @Test
    void aUserAheadOfTheClockKeepsItsPass() {
        User a = new User("a", 5.5, 2, NO_CAP);
        User b = new User("b", 5.0, 1, NO_CAP);
        List<String> order = new ArrayList<>();
        for (Turn turn : FairTurns.plan(List.of(a, b), 3, Double.POSITIVE_INFINITY, 5.0)) {
            order.add(turn.user().name() + "@" + turn.start() + "x" + turn.tasks());
        }
        assertThat(order).containsExactly("b@5.0x1", "a@5.5x2");
    }
}
