package dev.tide.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium, driven by Selenium through Debian's chromedriver (installed by {@code .ci/run}; nothing is
 * downloaded at run time). Without them the browser tests are skipped with a notice, unless
 * {@code TIDE_REQUIRE_BROWSER=true} (set by {@code .ci/run} under CI) makes that a failure.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    static final Dimension DESKTOP = new Dimension(1280, 900);
    static final Dimension PHONE = new Dimension(390, 844);
    private static final List<String> WCAG = List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa");

    private final ChromeDriver driver;
    private final Path profile;

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** A fresh browser with an empty profile, or the test skipped (failed under CI) when Chromium is missing. */
    static Browser open() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if (!present && "true".equalsIgnoreCase(System.getenv("TIDE_REQUIRE_BROWSER"))) {
            throw new IllegalStateException("Chromium (" + CHROMIUM + ") or chromedriver (" + CHROMEDRIVER
                    + ") is missing and TIDE_REQUIRE_BROWSER=true: .ci/run installs them");
        }
        Assumptions.assumeTrue(
                present, "browser tests skipped: install Debian's chromium and chromium-driver (.ci/run does)");
        try {
            Path profile = Files.createTempDirectory("tide-chromium");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments(
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().window().setSize(DESKTOP);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
            return new Browser(driver, profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    WebDriver driver() {
        return driver;
    }

    void go(String url) {
        driver.get(url);
    }

    String url() {
        return driver.getCurrentUrl();
    }

    WebElement find(By by) {
        return driver.findElement(by);
    }

    List<WebElement> findAll(By by) {
        return driver.findElements(by);
    }

    String text() {
        return driver.findElement(By.tagName("body")).getText();
    }

    String title() {
        return driver.getTitle();
    }

    void type(String id, String value) {
        WebElement field = driver.findElement(By.id(id));
        field.clear();
        field.sendKeys(value);
    }

    void select(String id, String value) {
        new Select(driver.findElement(By.id(id))).selectByValue(value);
    }

    void click(By by) {
        driver.findElement(by).click();
    }

    /** Waits up to {@code seconds} for the condition; fails the test with {@code what} otherwise. */
    <T> T await(String what, int seconds, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, Duration.ofSeconds(seconds))
                .withMessage(what)
                .pollingEvery(Duration.ofMillis(100))
                .ignoring(StaleElementReferenceException.class) // the page was replaced while being read
                .ignoring(org.openqa.selenium.NoSuchElementException.class)
                .until(condition);
    }

    void signIn(String base, String user, String password) {
        go(base + "/sign-in");
        type("user", user);
        type("password", password);
        click(By.cssSelector("form.sign-in button[type=submit]"));
        await("sign-in of " + user, 10, d -> !d.getCurrentUrl().contains("/sign-in"));
    }

    void signOut() {
        driver.manage().deleteAllCookies();
    }

    /** The page as a PNG under target/screenshots, at desktop width and again at a phone's. */
    void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
            driver.manage().window().setSize(PHONE);
            Files.write(
                    SCREENSHOTS.resolve(name + "-phone.png"),
                    ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            driver.manage().window().setSize(DESKTOP);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** No axe violation of impact serious or critical under WCAG 2.1 A and AA on the page as it stands. */
    void assertAccessible(String page) {
        Results results = new AxeBuilder().withTags(WCAG).analyze(driver);
        List<String> bad = results.getViolations().stream()
                .filter(rule -> "serious".equals(rule.getImpact()) || "critical".equals(rule.getImpact()))
                .map(Browser::describe)
                .toList();
        assertThat(bad).as("axe violations on " + page).isEmpty();
    }

    private static String describe(Rule rule) {
        return rule.getId() + " (" + rule.getImpact() + "): " + rule.getHelp() + " at "
                + rule.getNodes().stream()
                        .map(n -> String.valueOf(n.getTarget()))
                        .limit(3)
                        .toList();
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary profile left behind is harmless
        }
    }
}
