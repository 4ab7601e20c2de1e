// The host of an Immich server's address, checked: it names the cache folder
// (`…/cascade/immich/HOST[-PORT]`), so `..`, `.` or a name with a slash would put the cache — and
// the sync's clean-up of files it does not know — somewhere else, the user's whole cache among them.

import Glibc

enum ImmichHost {
    /// `host` as URLComponents gives it (an IPv6 address in brackets or without), when it is a
    /// DNS name (letters, digits, `-` and `_` in labels of 1 to 63, an optional final dot), an
    /// IPv4 address or an IPv6 one; nil otherwise.
    static func checked(_ host: String) -> String? {
        if host.contains(":") {
            let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            var address = in6_addr()
            return inet_pton(AF_INET6, bare, &address) == 1 ? host : nil
        }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        guard !name.isEmpty, name.utf8.count <= 253 else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                }
        }
        return valid ? host : nil
    }
}
