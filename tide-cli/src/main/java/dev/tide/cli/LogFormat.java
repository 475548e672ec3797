package dev.tide.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.LoggerFactory;

/**
 * How {@code tide server} writes its logs: {@code text} (logback.xml's pattern) or {@code json}, one JSON object per
 * line (Logback's {@link JsonEncoder}: timestamp, level, thread, logger, formatted message, MDC, exception) for log
 * shippers to parse without patterns.
 */
enum LogFormat {
    TEXT,
    JSON;

    /** Applies this format to every logger, from now on. */
    void apply() {
        if (this == TEXT) {
            return;
        }
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(context);
        encoder.setWithMessage(false);
        encoder.setWithArguments(false);
        encoder.setWithFormattedMessage(true);
        encoder.start();
        ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
        appender.setContext(context);
        appender.setName("json");
        appender.setTarget("System.err");
        appender.setEncoder(encoder);
        appender.start();
        Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        root.addAppender(appender);
    }
}
