package dev.tide.api;

/**
 * A task's payload blob does not match what its task recorded (its SHA-256 or size), or is missing while the task
 * still refers to it (HTTP 500). Tide never hands out a payload it cannot vouch for: the blob store lost or changed it.
 */
public class PayloadCorruptException extends TideException {
    private static final long serialVersionUID = 1L;

    public PayloadCorruptException(String message) {
        super(500, message);
    }

    @Override
    public String code() {
        return "payload_corrupt";
    }
}
