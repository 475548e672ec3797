package dev.tide.api;

/** The task, job or type asked for does not exist (HTTP 404). */
public class NotFoundException extends TideException {
    private static final long serialVersionUID = 1L;

    public NotFoundException(String what) {
        super(404, what + " not found");
    }

    @Override
    public String code() {
        return "not_found";
    }
}
