package dev.tide.core.store.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Profile;
import dev.tide.api.ProfileLimits;
import dev.tide.core.store.ProfileStore;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Profiles in the store: the catalog by key, and the hourly load readings they scale by. */
public abstract class StoreProfilesContract extends StoreContract {
    private static final ZoneId PARIS = ZoneId.of("Europe/Paris");
    private static final Instant HOUR = T0;

    private ProfileStore profiles;

    /** The roles this contract holds the store to, and those its tests set up with. */
    @BeforeEach
    void roles() {
        profiles = store;
    }

    @Test
    void aProfileIsReplacedByItsKeyAndDeletedByIt() {
        Profile mail = Profile.forTaskType("mail", PARIS, List.of(), ProfileLimits.perHour(100));
        Profile report = Profile.forJobType("report", PARIS, List.of(), ProfileLimits.perHour(5));
        profiles.profileUpsert(mail, T0);
        profiles.profileUpsert(report, T0);
        Profile stricter = Profile.forTaskType("mail", PARIS, List.of(), ProfileLimits.perHour(10));

        profiles.profileUpsert(stricter, T0.plusSeconds(1));

        assertThat(profiles.profileList()).containsExactlyInAnyOrder(stricter, report);
        assertThat(profiles.profileDelete("task:mail", T0)).isTrue();
        assertThat(profiles.profileDelete("task:mail", T0)).isFalse();
        assertThat(profiles.profileDelete("job:none", T0)).isFalse();
        assertThat(profiles.profileList()).containsExactly(report);
    }

    @Test
    void aSignalsMeanIsOverTheHoursAskedAndNaNWithoutReadings() {
        assertThat(profiles.loadMean("cpu", List.of(HOUR))).isNaN();

        profiles.loadRecord("cpu", HOUR, 20);
        profiles.loadRecord("cpu", HOUR, 40);
        profiles.loadRecord("cpu", HOUR.plus(Duration.ofHours(1)), 90);
        profiles.loadRecord("disk", HOUR, 1000);

        assertThat(profiles.loadMean("cpu", List.of(HOUR))).isEqualTo(30.0);
        assertThat(profiles.loadMean("cpu", List.of(HOUR, HOUR.plus(Duration.ofHours(1)))))
                .isBetween(30.0, 90.0);
        assertThat(profiles.loadMean("cpu", List.of(HOUR.minus(Duration.ofHours(1)))))
                .isNaN();
    }

    @Test
    void pruningForgetsTheReadingsOfHoursBeforeTheCutoff() {
        profiles.loadRecord("cpu", HOUR, 20);
        profiles.loadRecord("cpu", HOUR.plus(Duration.ofHours(1)), 50);

        assertThat(profiles.profileHoursPrune(HOUR.plus(Duration.ofHours(1)))).isPositive();

        assertThat(profiles.loadMean("cpu", List.of(HOUR))).isNaN();
        assertThat(profiles.loadMean("cpu", List.of(HOUR.plus(Duration.ofHours(1)))))
                .isEqualTo(50.0);
    }
}
