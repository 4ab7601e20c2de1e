// The HTTP side of an Immich source: AsyncHTTPClient with the API key on every request, timeouts
// (a server that hangs is a server that is away), bounded bodies, and certificates checked — against
// the system's roots, or the `ca-file` of a self-signed server.

import AsyncHTTPClient
import Foundation
import Glibc
import NIOCore
import NIOHTTP1
import NIOSSL

final class ImmichClient: Sendable {
    static let jsonLimit = 32 << 20
    static let imageLimit = 64 << 20
    /// An original: a camera's largest RAW files, or a panorama's JPEG.
    static let originalLimit = 256 << 20
    static let jsonTimeout: Duration = .seconds(60)
    /// Redirects followed on the server's own origin; one to another is refused.
    static let redirectLimit = 5

    let base: String
    private let key: String
    private let http: HTTPClient
    private let deadlines: Deadlines

    /// How long a picture may take, its body included: a server that trickles a body (a byte
    /// now and then keeps the read timeout from firing) would hold the sync for as long as it
    /// liked. A preview is a few hundred KB; an original may be a camera's largest RAW, and the
    /// photo view shows the preview while it comes.
    struct Deadlines: Sendable {
        var preview: Duration = .seconds(60)
        var original: Duration = .seconds(300)
        var listing: Duration = ImmichClient.jsonTimeout
    }

    init(base: String, key: String, caFile: String?, deadlines: Deadlines = Deadlines()) throws {
        self.base = base
        self.key = key
        self.deadlines = deadlines
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60))
        // Followed here, not by the client: it would send x-api-key to wherever the server
        // points (it drops only Authorization and cookies when the origin changes).
        configuration.redirectConfiguration = .disallow
        if let caFile {
            guard access(caFile, R_OK) == 0 else { throw ImmichError("cannot read the ca-file \(caFile)") }
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(caFile)
            configuration.tlsConfiguration = tls
        }
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        try? await http.shutdown()
    }

    /// For a thread outside Swift concurrency (the frame loop's, at exit): requests under way are
    /// cancelled.
    func shutdownNow() {
        try? http.syncShutdown()
    }

    private func request(_ method: HTTPMethod, _ path: String, json body: (any Encodable)? = nil) throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "x-api-key", value: key)
        request.headers.add(name: "accept", value: "application/json")
        if let body {
            let data = try JSONEncoder().encode(body)
            request.headers.add(name: "content-type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: data))
        }
        return request
    }

    /// The request sent, following redirects that stay on the server's origin (scheme, host and
    /// port); its answer's head by `deadline`.
    private func send(_ request: HTTPClientRequest, by deadline: ContinuousClock.Instant) async throws(ImmichFailure) -> HTTPClientResponse {
        var request = request
        var hops = 0
        while true {
            let response: HTTPClientResponse
            do {
                let left = max(deadline - ContinuousClock.now, .zero)
                response = try await http.execute(request, timeout: .nanoseconds(Int64(left / .nanoseconds(1))))
            } catch {
                throw .unreachable(Self.reason(error))
            }
            let code = response.status.code
            let what = "\(request.method.rawValue) \(Self.path(request.url))"
            switch code {
            case 200..<300: return response
            case 301, 302, 303, 307, 308:
                guard let location = response.headers.first(name: "location"),
                      let target = URL(string: location, relativeTo: URL(string: request.url))?.absoluteURL,
                      let origin = Self.origin(of: target.absoluteString) else {
                    throw .unexpected("\(what) answered \(code) without a place to go")
                }
                guard origin == Self.origin(of: base) else {
                    throw .unexpected("\(what) was redirected to \(origin), another server, where cascade does not send the API key: set url (or the link) to \(origin) if that is the Immich server")
                }
                hops += 1
                guard hops <= Self.redirectLimit else { throw .unexpected("\(what) was redirected more than \(Self.redirectLimit) times") }
                request.url = target.absoluteString
                if code == 303, request.method != .GET, request.method != .HEAD {
                    request.method = .GET
                    request.body = nil
                    request.headers.remove(name: "content-type")
                }
            case 401: throw .unauthorized
            case 403: throw .forbidden
            case 500..<600: throw .server("\(what) answered \(code)")
            default: throw .unexpected("\(what) answered \(code)")
            }
        }
    }

    /// `scheme://host:port` of `url`, lowercased, with the scheme's port when none is written.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)"
    }

    /// `body`'s value, or a failure saying what did not come within `seconds` once `deadline`
    /// passes (the body is cancelled then).
    private static func within<T: Sendable>(_ deadline: ContinuousClock.Instant, _ what: String, seconds: Duration,
                                            _ body: @escaping @Sendable () async throws(ImmichFailure) -> T) async throws(ImmichFailure) -> T {
        let outcome = await withTaskGroup(of: Result<T, ImmichFailure>?.self) { group in
            group.addTask {
                do throws(ImmichFailure) { return .success(try await body()) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(until: deadline, clock: .continuous) } catch { return nil }
                return .failure(.server("\(what) did not come within \(seconds.components.seconds) s"))
            }
            var first: Result<T, ImmichFailure>?
            for await result in group {
                if let result { first = result; break }
            }
            group.cancelAll()
            return first
        }
        guard let outcome else { throw .unreachable("cancelled") }
        return try outcome.get()
    }
    /// A JSON request whose answer is decoded as `T`.
    func json<T: Decodable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil, as: T.Type = T.self) async throws(ImmichFailure) -> T {
        let built: HTTPClientRequest
        do { built = try request(method, path, json: body) } catch { throw .unexpected("\(error)") }
        let deadline = ContinuousClock.now + deadlines.listing
        let response = try await send(built, by: deadline)
        let buffer = try await Self.within(deadline, "the answer to \(method.rawValue) \(path)", seconds: deadlines.listing) { () throws(ImmichFailure) in
            do {
                return try await response.body.collect(upTo: Self.jsonLimit)
            } catch {
                throw .server("\(method.rawValue) \(path): the answer broke off or passed \(Self.jsonLimit >> 20) MiB (\(Self.reason(error)))")
            }
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw .unexpected("\(method.rawValue) \(path): unexpected JSON (\(error))")
        }
    }

    /// A request whose answer is not read (a PUT's).
    func send(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil) async throws(ImmichFailure) {
        let built: HTTPClientRequest
        do { built = try request(method, path, json: body) } catch { throw .unexpected("\(error)") }
        let deadline = ContinuousClock.now + deadlines.listing
        let response = try await send(built, by: deadline)
        _ = try? await Self.within(deadline, "the answer", seconds: deadlines.listing) { () throws(ImmichFailure) in
            try? await response.body.collect(upTo: Self.jsonLimit)
        }
    }

    /// What a download left: its Content-Type and length.
    struct Download {
        var contentType: String?
        var bytes: Int64
    }

    /// Which of an asset's pictures: the screen-sized preview every slide and tile shows, or the
    /// original file, fetched for the photo view alone.
    enum Picture: Sendable {
        case preview, original

        var path: String { self == .preview ? "thumbnail?size=preview" : "original" }
        /// A preview is a JPEG or WebP of a screen; an original may be a camera's RAW.
        var limit: Int64 { Int64(self == .preview ? ImmichClient.imageLimit : ImmichClient.originalLimit) }
        var word: String { self == .preview ? "preview" : "original" }
    }

    /// An asset's picture whose headers have come: its length when the server says it, and the
    /// body still to read (`write`). Its length is known before a byte is written, so the cache
    /// makes room first.
    struct PictureBody: Sendable {
        var id: String
        var picture: Picture
        var response: HTTPClientResponse
        var expected: Int64?
        /// When the whole picture must have come.
        var deadline: ContinuousClock.Instant
        var seconds: Duration
        var contentType: String? { response.headers.first(name: "content-type") }
    }

    func picture(_ id: String, _ picture: Picture) async throws(ImmichFailure) -> PictureBody {
        var built = HTTPClientRequest(url: base + "/api/assets/\(id)/" + picture.path)
        built.headers.add(name: "x-api-key", value: key)
        built.headers.add(name: "accept", value: picture == .preview ? "image/*" : "*/*")
        let seconds = picture == .preview ? deadlines.preview : deadlines.original
        let deadline = ContinuousClock.now + seconds
        let response = try await send(built, by: deadline)
        let expected = response.headers.first(name: "content-length").flatMap { Int64($0) }
        if let expected, expected > picture.limit {
            throw .unexpected("the \(picture.word) of \(id) is \(expected >> 20) MiB, more than \(picture.limit >> 20) MiB")
        }
        return PictureBody(id: id, picture: picture, response: response, expected: expected, deadline: deadline, seconds: seconds)
    }

    /// The picture's body, written to the open file `fd`; nil when it is longer than `room`
    /// bytes (nothing more is read then). A body shorter than its Content-Length, or longer than
    /// such a picture may be, is a failure.
    func write(_ body: PictureBody, to fd: Int32, room: Int64) async throws(ImmichFailure) -> Download? {
        try await Self.within(body.deadline, "the \(body.picture.word) of \(body.id)", seconds: body.seconds) { () throws(ImmichFailure) in
            try await Self.stream(body, to: fd, room: room)
        }
    }

    private static func stream(_ body: PictureBody, to fd: Int32, room: Int64) async throws(ImmichFailure) -> Download? {
        let id = body.id, expected = body.expected, word = body.picture.word, limit = body.picture.limit
        var written: Int64 = 0
        do {
            for try await chunk in body.response.body {
                written += Int64(chunk.readableBytes)
                if written > limit {
                    throw ImmichFailure.unexpected("the \(word) of \(id) is more than \(limit >> 20) MiB")
                }
                if written > room { return nil }
                let ok = chunk.withUnsafeReadableBytes { ImmichFiles.writeAll(fd, $0) }
                if !ok { throw ImmichFailure.unexpected("cannot write the \(word) of \(id): \(String(cString: strerror(errno)))") }
            }
        } catch let failure as ImmichFailure {
            throw failure
        } catch {
            throw .server("the \(word) of \(id) broke off after \(written) bytes (\(Self.reason(error)))")
        }
        if let expected, written != expected {
            throw .server("the \(word) of \(id) broke off: \(written) of \(expected) bytes")
        }
        return Download(contentType: body.contentType, bytes: written)
    }

    private static func path(_ url: String) -> String {
        guard let range = url.range(of: "/api/") else { return url }
        return String(url[range.lowerBound...])
    }

    /// A short reason for a transport error, as a person reads it.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        if let client = error as? HTTPClientError {
            if client == .connectTimeout { return "connection timed out" }
            if client == .deadlineExceeded || client == .readTimeout { return "no answer in time" }
            if client == .remoteConnectionClosed { return "connection closed" }
        }
        if text.contains("connection refused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("NXDOMAIN") || text.contains("getaddrinfo") || text.contains("unknown host") || text.contains("lookup") { return "no such host" }
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
