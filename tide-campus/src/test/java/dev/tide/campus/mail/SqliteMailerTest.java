package dev.tide.campus.mail;

import dev.tide.core.TideBuilder;
import java.nio.file.Path;

/** The campus mailer on SQLite, in a temporary folder. */
class SqliteMailerTest extends MailerContract {
    @Override
    TideBuilder storage(TideBuilder builder, Path folder) {
        return builder.sqlite(folder);
    }
}
