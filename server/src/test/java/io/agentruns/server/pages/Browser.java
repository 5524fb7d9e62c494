package io.agentruns.server.pages;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium of the machine (Debian packages {@code chromium} and {@code chromium-driver}),
 * driven over WebDriver. Without it the calling test is skipped with a clear message, except under
 * CI=true where that is a failure. Paths: AGENTRUNS_TEST_CHROMIUM (default /usr/bin/chromium) and
 * AGENTRUNS_TEST_CHROMEDRIVER (default /usr/bin/chromedriver).
 */
final class Browser {
    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private Browser() {
    }

    static ChromeDriver open() {
        String chromium = env("AGENTRUNS_TEST_CHROMIUM", "/usr/bin/chromium");
        String driver = env("AGENTRUNS_TEST_CHROMEDRIVER", "/usr/bin/chromedriver");
        if (!new File(chromium).canExecute() || !new File(driver).canExecute()) {
            String message = "headless Chromium not found (" + chromium + ", " + driver
                    + "); install with: apt-get install -y chromium chromium-driver";
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException(message + " (required under CI=true)");
            }
            Assumptions.abort(message + ". Skipping browser tests; set CI=true to make this a failure.");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=1280,1000");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(driver))
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    /** Saves the whole page at the given width (the window is made as tall as the page). */
    static Path screenshot(ChromeDriver browser, String name, int width) throws IOException {
        browser.manage().window().setSize(new Dimension(width, 1000));
        long height = (Long) browser.executeScript("return Math.ceil(document.documentElement.scrollHeight)");
        // The outer window is taller than the viewport: add room so that the page bottom is in the shot.
        browser.manage().window().setSize(new Dimension(width, (int) Math.min(Math.max(height + 200, 600), 8000)));
        browser.executeScript("window.scrollTo(0, 0)");
        File shot = browser.getScreenshotAs(OutputType.FILE);
        Files.createDirectories(SCREENSHOTS);
        Path target = SCREENSHOTS.resolve(name + ".png");
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    /** Polls a condition on the page (selenium-support's WebDriverWait, without the dependency). */
    record Wait(ChromeDriver browser, java.time.Duration timeout) {
        void until(java.util.function.Predicate<ChromeDriver> condition) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            RuntimeException last = null;
            while (System.nanoTime() < deadline) {
                try {
                    if (condition.test(browser)) {
                        return;
                    }
                } catch (RuntimeException e) {
                    last = e; // e.g. an element replaced while it was read
                }
                Thread.sleep(50);
            }
            throw new AssertionError("page condition not reached within " + timeout, last);
        }
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
