package dev.tide.campus.app;

import dev.tide.api.worker.HandlerRegistry;
import dev.tide.campus.app.demo.DemoMailServer;
import dev.tide.campus.enroll.CampusEnrollment;
import dev.tide.campus.enroll.UploadFolder;
import dev.tide.campus.mail.CampusMailer;
import dev.tide.campus.mail.MailFolder;
import dev.tide.campus.mail.SmtpSettings;
import dev.tide.core.Tide;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The campus's classes as beans, on the engine the starter opened: each defines its task types, job types, profiles
 * and tables when it is made (safe on every start), before the starter's worker pools start; their handlers are
 * {@link HandlerRegistry} beans, which the starter runs in its pools.
 */
@Configuration(proxyBeanMethods = false)
class CampusConfiguration {

    /** Where mail goes: the demo's own server when the demo is on, else {@code campus.smtp}. */
    @Bean
    SmtpSettings campusSmtp(CampusProperties properties, ObjectProvider<DemoMailServer> demoMail) {
        DemoMailServer demo = demoMail.getIfAvailable();
        return demo == null
                ? properties.smtp().settings()
                : properties.smtp().settingsFor(DemoMailServer.HOST, demo.port());
    }

    @Bean
    MailFolder campusMailFolder(CampusProperties properties) {
        return new MailFolder(properties.mailFolder());
    }

    @Bean
    UploadFolder campusUploadFolder(CampusProperties properties) {
        return new UploadFolder(properties.uploadFolder());
    }

    @Bean
    CampusMailer campusMailer(Tide tide, MailFolder folder, SmtpSettings smtp, CampusProperties properties) {
        CampusMailer mailer = new CampusMailer(tide, folder, smtp, properties.zone());
        mailer.define();
        return mailer;
    }

    @Bean
    CampusEnrollment campusEnrollment(Tide tide, UploadFolder uploads, SmtpSettings smtp) {
        CampusEnrollment enrollment = new CampusEnrollment(tide, uploads, smtp);
        enrollment.define();
        return enrollment;
    }

    @Bean
    HandlerRegistry campusMailerHandlers(CampusMailer mailer) {
        return mailer.handlers();
    }

    @Bean
    HandlerRegistry campusEnrollmentHandlers(CampusEnrollment enrollment) {
        return enrollment.handlers();
    }
}
