package dev.brink.load.grpc;

import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * How a gRPC client reads an HTTP/2 answer's status, as grpc-java does (Http2ClientStreamTransportState, GrpcUtil):
 * grpc-status from the trailers; for an answer that is not gRPC at all (a proxy's 503, no content-type
 * application/grpc) a code from its HTTP status (grpc's doc/http-grpc-status-mapping.md); for a reset stream a code
 * from its HTTP/2 error code. Codes are gRPC's numbers (0 OK … 16 UNAUTHENTICATED).
 */
final class GrpcCodes {
    static final int OK = 0;
    static final int CANCELLED = 1;
    static final int UNKNOWN = 2;
    static final int DEADLINE_EXCEEDED = 4;
    static final int PERMISSION_DENIED = 7;
    static final int RESOURCE_EXHAUSTED = 8;
    static final int UNIMPLEMENTED = 12;
    static final int INTERNAL = 13;
    static final int UNAVAILABLE = 14;
    static final int UNAUTHENTICATED = 16;
    /** Not a code: none decided yet. */
    static final int NONE = -1;

    private static final AsciiString GRPC_STATUS = AsciiString.cached("grpc-status");
    private static final AsciiString CONTENT_TYPE = AsciiString.cached("content-type");
    private static final String GRPC_TYPE = "application/grpc";

    private GrpcCodes() {
    }

    /** The code of an HTTP status, for an answer that is not gRPC (grpc-java's httpStatusToGrpcCode). */
    static int ofHttp(int status) {
        if (status >= 100 && status < 200) return INTERNAL;
        return switch (status) {
            case 400, 431 -> INTERNAL;
            case 401 -> UNAUTHENTICATED;
            case 403 -> PERMISSION_DENIED;
            case 404 -> UNIMPLEMENTED;
            case 429, 502, 503, 504 -> UNAVAILABLE;
            default -> UNKNOWN;
        };
    }

    /** The code of an RST_STREAM's HTTP/2 error code (grpc-java's GrpcUtil.Http2Error; an unknown one is INTERNAL). */
    static int ofH2Error(long code) {
        if (code == 0x0 || code == 0x7) return UNAVAILABLE; // NO_ERROR, REFUSED_STREAM
        if (code == 0x8) return CANCELLED;
        if (code == 0xb) return RESOURCE_EXHAUSTED; // ENHANCE_YOUR_CALM
        if (code == 0xc) return PERMISSION_DENIED; // INADEQUATE_SECURITY
        if (code == 0xd) return UNKNOWN; // HTTP_1_1_REQUIRED
        return INTERNAL;
    }

    /**
     * What the first headers of an answer say before its trailers (grpc-java's validateInitialMetadata): INTERNAL
     * without a :status, the HTTP status's code when the content-type is not gRPC's, else {@link #NONE} (a gRPC
     * answer, whatever its :status).
     */
    static int ofHeaders(Http2Headers h) {
        int status = httpStatus(h);
        if (status < 0) return INTERNAL;
        return isGrpcContentType(h.get(CONTENT_TYPE)) ? NONE : ofHttp(status);
    }

    /**
     * The status the trailers carry (grpc-java's statusFromTrailers): their grpc-status; without one UNKNOWN after
     * headers, or for a trailers-only answer its HTTP status's code (INTERNAL without one).
     */
    static int ofTrailers(Http2Headers h, boolean headersReceived) {
        CharSequence s = h.get(GRPC_STATUS);
        if (s != null) return parseCode(s);
        if (headersReceived) return UNKNOWN;
        int status = httpStatus(h);
        return status < 0 ? INTERNAL : ofHttp(status);
    }

    /** The :status, or -1 when missing or not three digits. */
    static int httpStatus(Http2Headers h) {
        CharSequence s = h.status();
        if (s == null || s.length() != 3) return -1;
        int v = 0;
        for (int i = 0; i < 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** grpc-status's value; one that is not a number is UNKNOWN, as grpc-java reads it. */
    private static int parseCode(CharSequence s) {
        int n = s.length();
        if (n == 0 || n > 2) return UNKNOWN;
        int v = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return UNKNOWN;
            v = v * 10 + (c - '0');
        }
        return v <= UNAUTHENTICATED ? v : UNKNOWN;
    }

    /** application/grpc, alone or followed by '+' (a format) or ';' (parameters), in any case (grpc-java's isGrpcContentType). */
    static boolean isGrpcContentType(CharSequence t) {
        if (t == null || t.length() < GRPC_TYPE.length()) return false;
        for (int i = 0; i < GRPC_TYPE.length(); i++) {
            if (Character.toLowerCase(t.charAt(i)) != GRPC_TYPE.charAt(i)) return false;
        }
        if (t.length() == GRPC_TYPE.length()) return true;
        char next = t.charAt(GRPC_TYPE.length());
        return next == '+' || next == ';';
    }
}
