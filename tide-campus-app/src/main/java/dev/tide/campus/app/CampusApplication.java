package dev.tide.campus.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/** The campus application: {@code ./campus}, or {@code java -jar tide-campus-app.jar}. */
@SpringBootApplication
@EnableConfigurationProperties(CampusProperties.class)
public class CampusApplication {

    public static void main(String[] args) {
        SpringApplication.run(CampusApplication.class, args);
    }
}
