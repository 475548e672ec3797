package dev.tide.campus.app.web;

import dev.tide.api.NotFoundException;
import java.util.Map;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;

/** Errors as pages: an unknown job (404), an upload over the size limit (413, the form again). */
@ControllerAdvice
class CampusErrors {
    private static final String MAX_FILE_SIZE = "spring.servlet.multipart.max-file-size";

    private final Pages pages;
    private final Environment environment;

    CampusErrors(Pages pages, Environment environment) {
        this.pages = pages;
        this.environment = environment;
    }

    @ExceptionHandler(NotFoundException.class)
    ResponseEntity<String> notFound(NotFoundException e) {
        return pages.page(HttpStatus.NOT_FOUND, "not-found.jte", Map.of("message", e.getMessage()));
    }

    /** {@code /mailings/abc}: no such page rather than a bad request. */
    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<String> notAnId(MethodArgumentTypeMismatchException e) {
        return pages.page(
                HttpStatus.NOT_FOUND, "not-found.jte", Map.of("message", "'" + e.getValue() + "' is not a job id"));
    }

    /** The limit is Spring's, checked before any of the upload reaches the application. */
    @ExceptionHandler(MaxUploadSizeExceededException.class)
    ResponseEntity<String> tooLarge(MaxUploadSizeExceededException e) {
        String limit = environment.getProperty(MAX_FILE_SIZE, "1MB");
        return pages.page(
                HttpStatus.CONTENT_TOO_LARGE,
                "upload.jte",
                Map.of(
                        "form",
                        UploadForm.empty()
                                .refused("file: larger than " + limit + ", the most an upload may be (" + MAX_FILE_SIZE
                                        + "); split it, or raise the limit")));
    }
}
