package dev.tide.api;

/** Bad input, refused before anything was written (HTTP 400). Names the offending field. */
public class InvalidRequestException extends TideException {
    private static final long serialVersionUID = 1L;

    private final String field;

    public InvalidRequestException(String field, String problem) {
        super(400, field + ": " + problem);
        this.field = field;
    }

    public String field() {
        return field;
    }

    @Override
    public String code() {
        return "invalid_request";
    }
}
