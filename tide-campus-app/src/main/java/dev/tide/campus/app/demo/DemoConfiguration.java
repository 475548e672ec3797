package dev.tide.campus.app.demo;

import dev.tide.campus.enroll.CampusEnrollment;
import dev.tide.core.Tide;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code campus.demo=true}: the application on a fresh machine. Mail goes to an SMTP server inside the application
 * ({@link DemoMailServer}, listed at {@code /demo/mailbox}), the tables hold students, courses and sections
 * ({@link DemoData}), and the dashboard has an administrator whose password the home page shows ({@link DemoAdmin}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("campus.demo")
class DemoConfiguration {

    @Bean(destroyMethod = "close")
    DemoMailServer demoMailServer() {
        return DemoMailServer.start();
    }

    /** After the enrollment import, which creates the tables the data goes in. */
    @Bean
    DemoData demoData(Tide tide, CampusEnrollment tablesCreated) {
        return DemoData.seed(tide);
    }

    @Bean
    DemoAdmin demoAdmin(Tide tide) {
        return DemoAdmin.create(tide.accounts());
    }
}
