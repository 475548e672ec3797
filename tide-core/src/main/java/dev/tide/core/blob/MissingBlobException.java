package dev.tide.core.blob;

/** No blob under a key: never written, or already deleted. */
public final class MissingBlobException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MissingBlobException(String store, String key) {
        super("no blob " + key + " in blob store " + store);
    }
}
