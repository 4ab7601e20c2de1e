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
    static let jsonTimeout: TimeAmount = .seconds(60)
    static let imageTimeout: TimeAmount = .seconds(300)

    let base: String
    private let key: String
    private let http: HTTPClient

    init(base: String, key: String, caFile: String?) throws {
        self.base = base
        self.key = key
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60))
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

    private func send(_ request: HTTPClientRequest, timeout: TimeAmount) async throws(ImmichFailure) -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: timeout)
        } catch {
            throw .unreachable(Self.reason(error))
        }
        switch response.status.code {
        case 200..<300: return response
        case 401: throw .unauthorized
        case 403: throw .forbidden
        case 500..<600: throw .server("\(request.method.rawValue) \(Self.path(request.url)) answered \(response.status.code)")
        default: throw .unexpected("\(request.method.rawValue) \(Self.path(request.url)) answered \(response.status.code)")
        }
    }

    /// A JSON request whose answer is decoded as `T`.
    func json<T: Decodable>(_ method: HTTPMethod, _ path: String, body: (any Encodable)? = nil, as: T.Type = T.self) async throws(ImmichFailure) -> T {
        let built: HTTPClientRequest
        do { built = try request(method, path, json: body) } catch { throw .unexpected("\(error)") }
        let response = try await send(built, timeout: Self.jsonTimeout)
        let buffer: ByteBuffer
        do {
            buffer = try await response.body.collect(upTo: Self.jsonLimit)
        } catch {
            throw .server("\(method.rawValue) \(path): the answer broke off or passed \(Self.jsonLimit >> 20) MiB (\(Self.reason(error)))")
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
        let response = try await send(built, timeout: Self.jsonTimeout)
        _ = try? await response.body.collect(upTo: Self.jsonLimit)
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
        var contentType: String? { response.headers.first(name: "content-type") }
    }

    func picture(_ id: String, _ picture: Picture) async throws(ImmichFailure) -> PictureBody {
        var built = HTTPClientRequest(url: base + "/api/assets/\(id)/" + picture.path)
        built.headers.add(name: "x-api-key", value: key)
        built.headers.add(name: "accept", value: picture == .preview ? "image/*" : "*/*")
        let response = try await send(built, timeout: Self.imageTimeout)
        let expected = response.headers.first(name: "content-length").flatMap { Int64($0) }
        if let expected, expected > picture.limit {
            throw .unexpected("the \(picture.word) of \(id) is \(expected >> 20) MiB, more than \(picture.limit >> 20) MiB")
        }
        return PictureBody(id: id, picture: picture, response: response, expected: expected)
    }

    /// The picture's body, written to the open file `fd`; nil when it is longer than `room`
    /// bytes (nothing more is read then). A body shorter than its Content-Length, or longer than
    /// such a picture may be, is a failure.
    func write(_ body: PictureBody, to fd: Int32, room: Int64) async throws(ImmichFailure) -> Download? {
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
