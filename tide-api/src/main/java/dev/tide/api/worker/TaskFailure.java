package dev.tide.api.worker;

/** Thrown by a handler to fail its task for good, without further attempts (a logical failure). */
public class TaskFailure extends Exception {
    private static final long serialVersionUID = 1L;

    public TaskFailure(String message) {
        super(message);
    }

    public TaskFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
