package dev.tide.api;

/** A payload above the configured cap (HTTP 413). Nothing was written. */
public class PayloadTooLargeException extends TideException {
    private static final long serialVersionUID = 1L;

    public PayloadTooLargeException(String field, long size, long cap) {
        super(413, field + ": " + size + " bytes is over the cap of " + cap + " bytes");
    }

    @Override
    public String code() {
        return "payload_too_large";
    }
}
