package dev.tide.server.dashboard;

import static java.time.DayOfWeek.FRIDAY;
import static java.time.DayOfWeek.MONDAY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tide.api.Profile;
import dev.tide.api.ProfileEntry;
import dev.tide.api.ProfileLimits;
import dev.tide.api.TaskType;
import dev.tide.api.auth.NewAccount;
import dev.tide.api.auth.Role;
import dev.tide.core.Tide;
import dev.tide.core.TideConfig;
import dev.tide.core.contract.FixtureFactory;
import dev.tide.core.contract.QueueFixture;
import dev.tide.server.TideServer;
import java.time.DayOfWeek;
import java.time.InstantSource;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The profile pages in a real browser against a real {@code tide server} on each store: the week grid, an entry added
 * by selecting cells from the keyboard alone and typing a limit, an overlapping one refused with the engine's reason,
 * an entry changed by dragging over cells and removed, a profile created and its zone and default changed, and a week
 * with a daylight-saving change. Each page is checked with axe and photographed under target/screenshots.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ProfilesBrowserContract {
    static final String PASSWORD = "correct horse battery";
    static final ZoneId PARIS = ZoneId.of("Europe/Paris");

    private Browser browser;
    private QueueFixture fixture;
    private Tide engine;
    private TideServer server;
    private String base;

    protected abstract FixtureFactory factory();

    /** The store's name, in screenshot file names. */
    protected abstract String storeName();

    @BeforeAll
    void openBrowser() {
        browser = Browser.open();
    }

    @AfterAll
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void open() {
        fixture = factory().open(InstantSource.system(), TideConfig.defaults().withMaintenanceInterval(null));
        engine = fixture.engine();
        server = TideServer.builder(engine)
                .port(0)
                .routes(Dashboard.mount(DashboardSettings.DEFAULTS))
                .build()
                .start();
        base = server.uri() + "ui";
        engine.accounts().addAccount(new NewAccount("ada", Set.of(Role.ADMIN), PASSWORD, null, null));
        engine.accounts().addAccount(new NewAccount("sam", Set.of(Role.SUBMITTER), PASSWORD, null, null));
        engine.profiles()
                .define(Profile.forTaskType(
                        "email",
                        PARIS,
                        List.of(
                                ProfileEntry.of(
                                        "office",
                                        EnumSet.range(MONDAY, FRIDAY),
                                        LocalTime.of(8, 0),
                                        LocalTime.of(18, 0),
                                        ProfileLimits.perHour(100)),
                                ProfileEntry.of(
                                                "lunch",
                                                EnumSet.range(MONDAY, FRIDAY),
                                                LocalTime.of(12, 30),
                                                LocalTime.of(13, 30),
                                                ProfileLimits.perHour(10).withPriorityBoost(1))
                                        .withPrecedence(1)),
                        ProfileLimits.perHour(1000).withMaxPerSession(300)));
        browser.signOut();
    }

    @AfterEach
    void close() {
        server.stop();
        fixture.close();
    }

    @Test
    void anEntryIsAddedFromTheKeyboardOnlyAndAnOverlappingOneIsRefused() {
        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/profiles");
        assertThat(browser.find(By.cssSelector("table.profiles tbody")).getText())
                .contains("task:email", "Europe/Paris");
        shoot("profiles");

        browser.click(By.linkText("task:email"));
        browser.await("the week grid", 10, d -> d.getTitle().startsWith("Profile task:email"));
        assertThat(cell(MONDAY, 9).getText()).contains("100/h", "office");
        assertThat(cell(MONDAY, 12).getText()).contains("12:00–12:30", "12:30–13:00", "lunch", "boost 1");
        assertThat(browser.findAll(By.cssSelector("table.week-grid td.now"))).hasSize(1);
        scrollTo(cell(MONDAY, 7));
        shoot("profile-grid");

        // Saturday 10:00 to 13:00 from the keyboard only: Tab into the grid (one tab stop), Ctrl+Home to Monday 00:00,
        // five days right and ten hours down, Shift+Down twice, Enter to the form
        browser.find(By.linkText("Next week")).sendKeys(Keys.TAB);
        assertThat(focused().getAttribute("class")).contains("cell");
        assertThat(focused().getDomProperty("tabIndex")).isEqualTo("0");
        assertThat(browser.find(By.cssSelector("table.week-grid")).getAttribute("role"))
                .isEqualTo("grid");
        withKey(Keys.CONTROL, Keys.HOME);
        assertThat(focused().getAttribute("aria-label")).startsWith("Mon ").contains("00:00–01:00: 1000/h, default");
        keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
        keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN);
        keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN);
        assertThat(focused().getAttribute("aria-label"))
                .startsWith("Sat ")
                .contains("10:00–11:00: 1000/h, default, session 300");
        assertThat(browser.findAll(By.cssSelector("table.week-grid td.cell[tabindex=\"0\"]")))
                .containsExactly(focused());
        withKey(Keys.SHIFT, Keys.ARROW_DOWN, Keys.ARROW_DOWN);
        assertThat(browser.findAll(By.cssSelector("table.week-grid td.selected[aria-selected=\"true\"]")))
                .hasSize(3);
        assertThat(focused().getAttribute("aria-label")).startsWith("Sat ").contains("12:00–13:00");
        assertThat(browser.find(By.id("grid-selection")).getText()).contains("Sat", "10:00 to 13:00 selected");
        scrollTo(browser.find(By.cssSelector("table.week-grid")));
        shoot("profile-keyboard");
        keys(Keys.ENTER);
        assertThat(focused().getAttribute("id")).isEqualTo("e-perhour");
        assertThat(value("e-from")).isEqualTo("10:00");
        assertThat(value("e-until")).isEqualTo("13:00");
        assertThat(browser.find(By.id("e-day-SATURDAY")).isSelected()).isTrue();
        assertThat(browser.find(By.id("e-day-MONDAY")).isSelected()).isFalse();
        keys("20", Keys.TAB, "5", Keys.TAB, "weekend", Keys.ENTER);
        awaitNotice("Entry weekend added");
        assertThat(cell(DayOfWeek.SATURDAY, 11).getText()).contains("20/h", "weekend");
        assertThat(browser.find(By.cssSelector("table.entries")).getText()).contains("weekend", "20/h, session 5");
        assertThat(entries()).containsExactly("office", "lunch", "weekend");

        // Monday 17:00 to 19:00 meets the office hours at the same precedence: refused, nothing written
        cell(MONDAY, 17).click();
        new Actions(browser.driver())
                .keyDown(Keys.SHIFT)
                .click(cell(MONDAY, 18))
                .keyUp(Keys.SHIFT)
                .perform();
        assertThat(value("e-from")).isEqualTo("17:00");
        assertThat(value("e-until")).isEqualTo("19:00");
        browser.type("e-perhour", "5");
        browser.type("e-name", "evening");
        browser.click(By.id("add-entry"));
        browser.await("the refusal", 10, d -> !d.findElements(By.id("refusal")).isEmpty());
        assertThat(browser.find(By.id("refusal")).getText())
                .contains(
                        "'office' and 'evening' both hold at",
                        "with precedence 0",
                        "give one of them another precedence");
        assertThat(value("e-name")).isEqualTo("evening");
        assertThat(value("e-perhour")).isEqualTo("5");
        assertThat(browser.find(By.id("e-day-MONDAY")).isSelected()).isTrue();
        assertThat(entries()).containsExactly("office", "lunch", "weekend");
        shoot("profile-refused");
        assertFitsAPhone();

        // the same entry at a higher precedence is taken
        browser.type("e-precedence", "2");
        browser.click(By.id("add-entry"));
        awaitNotice("Entry evening added");
        assertThat(entries()).containsExactly("office", "lunch", "weekend", "evening");
    }

    @Test
    void anEntryIsChangedInItsPlaceByDraggingOverCellsAndRemoved() {
        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/profiles/task:email");
        browser.click(By.cssSelector("a[aria-label=\"Change entry lunch\"]"));
        browser.await("the form changing lunch", 10, d -> d.getCurrentUrl().contains("edit=lunch"));
        assertThat(browser.find(By.id("entry-title")).getText()).isEqualTo("Change entry lunch");
        assertThat(value("e-from")).isEqualTo("12:30");
        assertThat(value("e-until")).isEqualTo("13:30");
        assertThat(value("e-perhour")).isEqualTo("10");
        assertThat(value("e-precedence")).isEqualTo("1");

        // Monday to Friday 13:00 to 14:00, by dragging along the row
        new Actions(browser.driver())
                .clickAndHold(cell(MONDAY, 13))
                .moveToElement(cell(DayOfWeek.WEDNESDAY, 13))
                .moveToElement(cell(FRIDAY, 13))
                .release()
                .perform();
        assertThat(browser.findAll(By.cssSelector("table.week-grid td.selected")))
                .hasSize(5);
        assertThat(value("e-from")).isEqualTo("13:00");
        assertThat(value("e-until")).isEqualTo("14:00");
        assertThat(browser.find(By.id("e-day-FRIDAY")).isSelected()).isTrue();
        assertThat(browser.find(By.id("e-day-SATURDAY")).isSelected()).isFalse();
        browser.type("e-perhour", "15");
        browser.type("e-persession", "3");
        shoot("profile-edit");
        browser.click(By.id("save-entry"));
        awaitNotice("Entry lunch of task:email saved");
        assertThat(entries()).containsExactly("office", "lunch");
        ProfileEntry lunch = engine.profiles().list().get(0).entries().get(1);
        assertThat(lunch.from()).isEqualTo(LocalTime.of(13, 0));
        assertThat(lunch.until()).isEqualTo(LocalTime.of(14, 0));
        assertThat(lunch.precedence()).isEqualTo(1);
        // the boost the form does not show is kept
        assertThat(lunch.limits())
                .isEqualTo(ProfileLimits.perHour(15).withMaxPerSession(3).withPriorityBoost(1));
        assertThat(cell(MONDAY, 13).getText()).contains("15/h", "lunch", "boost 1");
        assertThat(cell(MONDAY, 12).getText()).contains("100/h", "office");

        // at office's precedence it overlaps office: refused with the engine's reason, the form still changing lunch
        browser.click(By.cssSelector("a[aria-label=\"Change entry lunch\"]"));
        browser.await("the form changing lunch", 10, d -> d.getCurrentUrl().contains("edit=lunch"));
        browser.type("e-precedence", "0");
        browser.click(By.id("save-entry"));
        browser.await("the refusal", 10, d -> !d.findElements(By.id("refusal")).isEmpty());
        assertThat(browser.find(By.id("refusal")).getText())
                .contains("'office' and 'lunch' both hold at", "with precedence 0");
        assertThat(browser.find(By.id("entry-title")).getText()).isEqualTo("Change entry lunch");
        assertThat(value("e-precedence")).isEqualTo("0");
        assertThat(engine.profiles().list().get(0).entries().get(1)).isEqualTo(lunch);

        browser.click(By.cssSelector("button[aria-label=\"Remove entry lunch\"]"));
        awaitNotice("Entry lunch removed");
        assertThat(entries()).containsExactly("office");
        assertThat(cell(MONDAY, 13).getText()).contains("100/h", "office");
    }

    @Test
    void aProfileIsCreatedAndItsZoneAndDefaultChanged() {
        engine.defineTaskType(TaskType.named("sms"));
        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/profiles");
        browser.type("n-type", "sms");
        browser.type("n-zone", "America/New_York");
        browser.type("n-perhour", "60");
        shoot("profiles-new");
        assertFitsAPhone();
        browser.click(By.id("create-profile"));
        awaitNotice("Profile task:sms created");
        assertThat(browser.title()).startsWith("Profile task:sms");
        assertThat(browser.find(By.cssSelector("dl.fields")).getText()).contains("America/New_York", "60/h");
        assertThat(browser.text()).contains("No entry: the default holds at every hour.", "hours of America/New_York");

        browser.type("d-zone", "Europe/Paris");
        browser.type("d-perhour", "90");
        browser.type("d-persession", "9");
        browser.click(By.id("save-defaults"));
        awaitNotice("Zone and default of task:sms saved");
        assertThat(browser.text()).contains("hours of Europe/Paris", "90/h, session 9");
        assertThat(engine.profiles().list())
                .contains(Profile.forTaskType(
                        "sms", PARIS, List.of(), ProfileLimits.perHour(90).withMaxPerSession(9)));
        assertFitsAPhone();
    }

    @Test
    void aWeekWithAClockChangeIsMarkedInTheViewersZone() {
        browser.signIn(base, "ada", PASSWORD);
        browser.go(base + "/profiles/task:email?week=2026-W13");
        assertThat(browser.find(By.cssSelector("table.week-grid thead th.dst")).getText())
                .contains("Sun 29 Mar", "clock change");
        assertThat(cell(DayOfWeek.SUNDAY, 2).getText()).isEqualTo("skipped");
        assertThat(browser.text()).contains("Europe/Paris: clocks go forward 02:00 → 03:00");
        scrollTo(browser.find(By.cssSelector("table.week-grid")));
        shoot("profile-dst");

        browser.type("g-zone", "America/New_York");
        browser.click(By.cssSelector("form.grid-choice button[type=submit]"));
        browser.await("the grid in New York's hours", 10, d -> d.getCurrentUrl().contains("zone=America"));
        assertThat(cell(MONDAY, 3).getText()).contains("office");
        assertThat(cell(MONDAY, 2).getText()).contains("default");
        assertThat(browser.find(By.cssSelector("table.week-grid thead th.dst")).getText())
                .contains("Sat 28 Mar");
        assertThat(browser.findAll(By.cssSelector("table.week-grid td.skipped")))
                .isEmpty();
        scrollTo(browser.find(By.cssSelector("table.week-grid")));
        shoot("profile-new-york");
    }

    @Test
    void aSubmitterMayNotSeeProfiles() {
        browser.signIn(base, "sam", PASSWORD);
        assertThat(browser.findAll(By.linkText("Profiles"))).isEmpty();
        browser.go(base + "/profiles/task:email");
        assertThat(browser.text()).contains("Not allowed");
    }

    private WebElement cell(DayOfWeek day, int hour) {
        return browser.find(By.cssSelector("table.week-grid td.cell[data-day=\"" + day + "\"][data-from=\""
                + String.format("%02d:00", hour) + "\"]"));
    }

    /** The element that has the keyboard's focus. */
    private WebElement focused() {
        return browser.driver().switchTo().activeElement();
    }

    /** Types keys into whatever has the focus, as a person at the keyboard does. */
    private void keys(CharSequence... keys) {
        new Actions(browser.driver()).sendKeys(keys).perform();
    }

    /** Types keys while a modifier is held down (Actions releases a modifier typed among other keys at once). */
    private void withKey(Keys modifier, CharSequence... keys) {
        new Actions(browser.driver())
                .keyDown(modifier)
                .sendKeys(keys)
                .keyUp(modifier)
                .perform();
    }

    /**
     * Waits for the page a change leads to: its own notice, read afresh at each look, since the page before it may
     * carry another change's notice and is replaced while being read.
     */
    private void awaitNotice(String notice) {
        browser.await(
                notice,
                10,
                d -> d.getCurrentUrl().contains("notice=")
                        && d.findElement(By.cssSelector("p.notice")).getText().contains(notice));
    }

    /** Nothing but the scrolling boxes is wider than a phone's screen (the page itself never scrolls sideways). */
    private void assertFitsAPhone() {
        browser.driver().manage().window().setSize(Browser.PHONE);
        try {
            Object wider = ((org.openqa.selenium.JavascriptExecutor) browser.driver())
                    .executeScript(
                            "return document.documentElement.scrollWidth > document.documentElement.clientWidth");
            assertThat(wider).as("the page scrolls sideways on a phone").isEqualTo(false);
        } finally {
            browser.driver().manage().window().setSize(Browser.DESKTOP);
        }
    }

    private void scrollTo(WebElement element) {
        ((org.openqa.selenium.JavascriptExecutor) browser.driver())
                .executeScript("arguments[0].scrollIntoView({block: 'start'})", element);
    }

    private String value(String id) {
        return browser.find(By.id(id)).getDomProperty("value");
    }

    private List<String> entries() {
        return engine.profiles().list().get(0).entries().stream()
                .map(ProfileEntry::name)
                .toList();
    }

    /** Checks the page with axe, then photographs it. */
    private void shoot(String name) {
        browser.assertAccessible(name);
        browser.screenshot(storeName().toLowerCase(Locale.ROOT) + "-" + name);
    }
}
