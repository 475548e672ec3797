package dev.tide.api;

/**
 * The blob store that holds large payloads could not be read or written (HTTP 503): a folder that is not writable, an
 * S3 endpoint that does not answer or refuses the credentials. An enqueue that met it wrote nothing; try again later.
 */
public class BlobStoreUnavailableException extends TideException {
    private static final long serialVersionUID = 1L;

    public BlobStoreUnavailableException(String message, Throwable cause) {
        super(503, message, cause);
    }

    @Override
    public String code() {
        return "blob_store_unavailable";
    }
}
