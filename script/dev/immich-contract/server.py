"""A stand-in Immich server for cascade's tests: the part of Immich's API cascade uses, held to
Immich's published schema both ways. A contract test, not Immich (see README.md here).

The schema comes from immichpy, whose client and pydantic models are generated from Immich's
OpenAPI document: the operations (method, path, query parameters, request body model) are read
from its API classes, every request body is parsed by the operation's model with unknown keys
refused, and every JSON answer is built through its response model. Whatever breaks the schema
is answered 400 {"contractViolation": ...} and listed in GET /_contract/log.
"""

import argparse
import datetime
import enum
import inspect
import json
import typing
import os
import random
import re
import socket
import ssl
import struct
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import pydantic
import immichpy.client.generated.api as immich_api
import immichpy.client.generated.models as models

SCHEMA_VERSION = "3.3.5"  # immichpy 9.2.4's "version of the OpenAPI document"


def stable_id(name):
    """A UUID of the form Immich's schema asks (version 4), the same for the same name."""
    return str(uuid.UUID(bytes=uuid.uuid5(uuid.NAMESPACE_URL, "cascade-contract:" + name).bytes, version=4))


ALBUM_ID = stable_id("album:Frame")
PERSON_ID = stable_id("person:Ann")
OWNER_ID = stable_id("user:frame")
IMAGE_TYPES = {".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}


# --- The schema, from the reference client ---------------------------------------------------

class Operation:
    def __init__(self, name, method, path, query, body_model):
        """`query`: each query parameter's name on the wire and its type in the client."""
        self.name, self.method, self.path, self.query, self.body_model = name, method, path, query, body_model
        self.pattern = re.compile("^" + re.sub(r"\{[^}]+\}", r"[^/]+", path) + "$")


def discover_operations():
    """Every operation immichpy's API classes define: method and path from the call each
    `_x_serialize` makes, query parameter names from the names it appends, the body's model
    from the public method's annotation."""
    operations = []
    # The package imports its classes lazily: by name, not by inspecting the module.
    for class_name in sorted(immich_api._LAZY_IMPORTS):
        api_class = getattr(immich_api, class_name)
        if not (inspect.isclass(api_class) and class_name.endswith("Api")):
            continue
        for name, function in inspect.getmembers(api_class, inspect.isfunction):
            if not (name.startswith("_") and name.endswith("_serialize")):
                continue
            source = inspect.getsource(function)
            method = re.search(r'method="([A-Z]+)"', source)
            path = re.search(r'resource_path="([^"]+)"', source)
            if not method or not path:
                continue
            public = getattr(api_class, name[1:-len("_serialize")], None)
            parameters = inspect.signature(public).parameters if public is not None else {}
            query = {wire: parameters[argument].annotation if argument in parameters else str
                     for wire, argument in re.findall(r'_query_params\.append\(\s*\("([^"]+)",\s*(\w+)', source)}
            body_model = None
            if public is not None and "_body_params = " in source:
                body_name = re.search(r"_body_params = (\w+)", source).group(1)
                annotation = inspect.signature(public).parameters[body_name].annotation
                body_model = next((a for a in getattr(annotation, "__metadata__", ()) if isinstance(a, type)), None) \
                    or (annotation if isinstance(annotation, type) else None)
            operations.append(Operation(name[1:-len("_serialize")], method.group(1), path.group(1), query, body_model))
    return operations


OPERATIONS = discover_operations()


class ContractViolation(Exception):
    pass


def operation_for(method, path):
    for operation in OPERATIONS:
        if operation.method == method and operation.pattern.match(path):
            return operation
    raise ContractViolation(f"{method} /api{path} is no operation of Immich's API")


def base_type(annotation):
    """The type under Optional[...], Annotated[..., Field] and List[...]: pydantic ignores keys
    its models do not know, so the stand-in looks for them itself, through every level."""
    while True:
        arguments = [a for a in typing.get_args(annotation) if a is not type(None)]
        if typing.get_origin(annotation) is typing.Annotated:
            annotation = arguments[0]
        elif typing.get_origin(annotation) in (typing.Union, list) and arguments:
            annotation = arguments[0]
        else:
            return annotation


def unknown_keys(model, value, where):
    """Keys Immich's schema does not have, at any depth the model describes."""
    if not isinstance(value, dict):
        return
    fields = {(f.alias or n): f for n, f in model.model_fields.items()}
    extra = sorted(set(value) - set(fields))
    if extra:
        raise ContractViolation(f"{where}: {', '.join(extra)} not in {model.__name__}")
    for key, inner in value.items():
        kind = base_type(fields[key].annotation)
        if inspect.isclass(kind) and issubclass(kind, pydantic.BaseModel):
            for item in inner if isinstance(inner, list) else [inner]:
                unknown_keys(kind, item, f"{where}.{key}")


def query_value(annotation, value):
    """A query parameter's text read as the type the reference client sends there."""
    kind = base_type(annotation)
    if inspect.isclass(kind) and issubclass(kind, enum.Enum):
        return kind(value)
    if kind is bool:
        return {"true": True, "false": False}[value]
    if kind is int:
        return int(value)
    if kind is uuid.UUID:
        return uuid.UUID(value)
    if kind in (datetime.datetime, datetime.date):  # a date alone reads as its midnight
        return utc(datetime.datetime.fromisoformat(value.replace("Z", "+00:00")))
    return value


def utc(moment):
    """A time without a zone read as UTC, as Immich's server reads it."""
    return moment.replace(tzinfo=datetime.timezone.utc) if moment.tzinfo is None else moment


def validate_request(method, path, query, body):
    operation = operation_for(method, path)
    extra = sorted(set(query) - set(operation.query))
    if extra:
        raise ContractViolation(f"{operation.name}: query parameters {', '.join(extra)} not in Immich's API")
    for name, value in query.items():
        try:
            query_value(operation.query[name], value)
        except (ValueError, KeyError):
            raise ContractViolation(f"{operation.name}: query parameter {name}={value!r} is not a {base_type(operation.query[name]).__name__}")
    if re.match(r"^/(assets|memories|albums|people)/", path):
        try:
            uuid.UUID(path.split("/")[2])
        except ValueError:
            raise ContractViolation(f"{operation.name}: {path.split('/')[2]!r} is not a UUID")
    if operation.body_model is None:
        if body:
            raise ContractViolation(f"{operation.name} takes no body")
        return operation, None
    if not isinstance(body, dict):
        raise ContractViolation(f"{operation.name}: the body must be a JSON object")
    unknown_keys(operation.body_model, body, operation.name)
    try:
        return operation, operation.body_model.from_dict(body)
    except pydantic.ValidationError as error:
        raise ContractViolation(f"{operation.name}: {error}".replace("\n", "; "))


def through(model, value):
    """`value` as Immich sends it: every key known to `model`, every required one there, every
    type right — or the stand-in is wrong, and says so."""
    unknown_keys(model, value, "answer")
    try:
        return model.from_dict(value).to_dict()
    except pydantic.ValidationError as error:
        raise ContractViolation(f"{model.__name__}: {error}".replace("\n", "; "))


# --- The library: files in a folder ----------------------------------------------------------

def image_size(data):
    """(width, height) of a JPEG, PNG or WebP header; (1, 1) when unknown."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return struct.unpack(">II", data[16:24])
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                i += 1
                continue
            marker = data[i + 1]
            length = struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h
            i += 2 + length
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP" and data[12:16] == b"VP8 ":
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    return 1, 1


class Library:
    def __init__(self, folder):
        self.folder = folder
        self.favourites = set()
        self.visibility = {}
        self.lock = threading.Lock()

    def assets(self):
        """Every image file, sorted by name: read again at every request, so a test adds and
        removes photos on the "server" by adding and removing files."""
        found = []
        try:
            names = sorted(os.listdir(self.folder))
        except OSError:  # a test took the whole folder away: an empty library
            names = []
        for name in names:
            extension = os.path.splitext(name)[1].lower()
            if name.startswith(".") or extension not in IMAGE_TYPES:
                continue
            path = os.path.join(self.folder, name)
            try:
                status = os.stat(path)
                with open(path, "rb") as f:
                    head = f.read(65536)
            except OSError:
                continue
            found.append((name, path, status, head))
        return found

    def asset_id(self, name):
        return stable_id("asset:" + name)

    def find(self, asset_id, assets):
        """(index, entry) of the asset in `assets`, or None."""
        for index, entry in enumerate(assets):
            if self.asset_id(entry[0]) == asset_id:
                return index, entry
        return None

    def people(self, index):
        return [PERSON_ID] if index % 2 == 0 else []

    def exif(self, entry):
        """The asset's exifInfo: its pixels and size, and what a test wrote beside the photo in
        NAME.exif.json (ExifResponseDto's fields, as Immich names them)."""
        name, path, status, head = entry
        width, height = image_size(head)
        info = {"exifImageWidth": width, "exifImageHeight": height, "fileSizeInByte": status.st_size}
        try:
            with open(path + ".exif.json", encoding="utf-8") as f:
                info.update(json.load(f))
        except (OSError, ValueError):
            pass
        return info

    def dto(self, entry, index, exif=False):
        """An AssetResponseDto; with `exif`, its exifInfo too (Immich's listings give it when
        asked `withExif`, an asset's own answer always)."""
        name, path, status, head = entry
        asset_id = self.asset_id(name)
        when = datetime.datetime.fromtimestamp(status.st_mtime, datetime.timezone.utc)
        stamp = when.isoformat().replace("+00:00", "Z")
        width, height = image_size(head)
        with self.lock:
            favourite = asset_id in self.favourites
            visibility = self.visibility.get(asset_id, "timeline")
        return {
            "id": asset_id, "type": "IMAGE", "originalFileName": name, "originalPath": "/upload/" + name,
            "originalMimeType": IMAGE_TYPES[os.path.splitext(name)[1].lower()],
            "ownerId": OWNER_ID, "checksum": "c2FtZQ==", "thumbhash": None, "duration": 0,
            "createdAt": stamp, "updatedAt": stamp, "fileCreatedAt": stamp, "fileModifiedAt": stamp,
            "localDateTime": stamp, "hasMetadata": True, "isArchived": visibility == "archive",
            "isEdited": False, "isFavorite": favourite, "isOffline": False, "isTrashed": False,
            "visibility": visibility, "width": width, "height": height,
            **({"exifInfo": self.exif(entry)} if exif else {}),
        }

    def matching(self, query):
        """The assets a search DTO selects, in Immich's default order (newest first)."""
        chosen = []
        for index, entry in enumerate(self.assets()):
            asset = self.dto(entry, index, exif=bool(query.with_exif))
            if query.album_ids and ALBUM_ID not in map(str, query.album_ids):
                continue
            if query.person_ids and not set(map(str, query.person_ids)) <= set(self.people(index)):
                continue
            if query.is_favorite is not None and asset["isFavorite"] != query.is_favorite:
                continue
            taken = datetime.datetime.fromisoformat(asset["localDateTime"].replace("Z", "+00:00"))
            if query.taken_after and taken < utc(query.taken_after):
                continue
            if query.taken_before and taken > utc(query.taken_before):
                continue
            wanted = query.visibility.value if query.visibility is not None else "timeline"
            if asset["visibility"] != wanted:
                continue
            if query.type is not None and query.type.value != "IMAGE":
                continue
            chosen.append(asset)
        chosen.sort(key=lambda a: a["localDateTime"], reverse=True)
        return chosen


# --- Faults ----------------------------------------------------------------------------------

FAULTS = ("none", "500", "slow", "truncate", "down", "badkey", "hang")


class Faults:
    def __init__(self, version):
        self.mode = "none"
        self.version = version
        self.log = []
        self.violations = []
        self.lock = threading.Lock()


# --- HTTP ------------------------------------------------------------------------------------

def wire(value):
    """JSON for what the models hand back: their dates, UUIDs and enums as Immich writes them."""
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    if isinstance(value, uuid.UUID):
        return str(value)
    if hasattr(value, "value"):
        return value.value
    raise TypeError(f"{type(value).__name__} in an answer")


def handler_for(library, faults, keys):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body, content_type="application/json"):
            data = body if isinstance(body, bytes) else json.dumps(body, default=wire).encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            mode = faults.mode
            if mode == "slow":
                for i in range(0, len(data), 1024):
                    self.wfile.write(data[i:i + 1024])
                    self.wfile.flush()
                    time.sleep(0.5)
            elif mode == "truncate" and content_type != "application/json":
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
            else:
                self.wfile.write(data)

        def immich_error(self, status, error, message):
            self.answer(status, {"message": message, "error": error, "statusCode": status,
                                 "correlationId": uuid.uuid4().hex[:8]})

        def do_GET(self):
            self.route("GET")

        def do_POST(self):
            self.route("POST")

        def do_PUT(self):
            self.route("PUT")

        def do_DELETE(self):
            self.route("DELETE")

        def read_body(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if not raw:
                return None
            try:
                return json.loads(raw)
            except ValueError:
                raise ContractViolation("the body is not JSON")

        def route(self, method):
            url = urlsplit(self.path)
            query = dict(parse_qsl(url.query, keep_blank_values=True))
            if url.path.startswith("/_contract/"):
                return self.control(method, url.path, self.read_body())
            mode = faults.mode
            if mode == "down":
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            if mode == "hang":
                time.sleep(3600)
                return
            try:
                body = self.read_body()
            except ContractViolation as violation:
                return self.violation(method, url.path, str(violation))
            with faults.lock:
                faults.log.append({"method": method, "path": url.path, "query": query, "body": body,
                                   "key": self.headers.get("x-api-key")})
            if not url.path.startswith("/api/"):
                return self.immich_error(404, "Not Found", f"Cannot {method} {url.path}")
            path = url.path[len("/api"):]
            try:
                operation, dto = validate_request(method, path, query, body)
            except ContractViolation as violation:
                return self.violation(method, url.path, str(violation))
            if mode == "500":
                return self.immich_error(500, "Internal Server Error", "Internal server error")
            key = self.headers.get("x-api-key")
            if path != "/server/ping" and path != "/server/version":
                if key is None:
                    # Immich's answer, and a violation: cascade always sends its key.
                    with faults.lock:
                        faults.violations.append(f"{method} {url.path}: no x-api-key header")
                    return self.immich_error(401, "Unauthorized", "Authentication required")
                if mode == "badkey" or key not in keys:
                    return self.immich_error(401, "Unauthorized", "Invalid API key")
            try:
                self.serve(method, path, query, dto, keys.get(key))
            except ContractViolation as violation:
                return self.violation(method, url.path, f"the stand-in's own answer: {violation}")

        def violation(self, method, path, message):
            with faults.lock:
                faults.violations.append(f"{method} {path}: {message}")
            self.answer(400, {"contractViolation": message})

        def control(self, method, path, body):
            if path == "/_contract/log" and method == "GET":
                with faults.lock:
                    return self.answer(200, {"requests": faults.log, "violations": faults.violations,
                                             "favorites": sorted(library.favourites),
                                             "visibility": library.visibility})
            if path == "/_contract/fault" and method == "POST" and isinstance(body, dict):
                mode = body.get("mode", "none")
                if mode == "version":
                    version = body.get("version")
                    if not (isinstance(version, str) and re.fullmatch(r"\d+\.\d+\.\d+", version)):
                        return self.answer(400, {"message": f"version {version!r} is not MAJOR.MINOR.PATCH"})
                    faults.version = version
                elif mode in FAULTS:
                    faults.mode = mode
                else:
                    return self.answer(400, {"message": f"mode {mode!r} is none of {', '.join(FAULTS)}, version"})
                return self.answer(200, {"mode": faults.mode, "version": faults.version})
            self.answer(404, {"message": "no such control"})

        def serve(self, method, path, query, dto, permission):
            assets = library.assets()
            if path == "/server/ping":
                return self.answer(200, through(models.ServerPingResponse, {"res": "pong"}))
            if path == "/server/version":
                major, minor, patch = (int(p) for p in faults.version.split("."))
                return self.answer(200, through(models.ServerVersionResponseDto,
                                                {"major": major, "minor": minor, "patch": patch, "prerelease": None}))
            if path == "/server/about":
                return self.answer(200, through(models.ServerAboutResponseDto, {
                    "version": "v" + faults.version, "licensed": False,
                    "versionUrl": f"https://github.com/immich-app/immich/releases/tag/v{faults.version}"}))
            if path == "/users/me":
                return self.answer(200, through(models.UserAdminResponseDto, {
                    "id": OWNER_ID, "email": "frame@example.org", "name": "Frame", "avatarColor": "primary",
                    "profileImagePath": "", "profileChangedAt": "2024-01-01T00:00:00.000Z",
                    "clusterGroupId": stable_id("cluster:frame"), "createdAt": "2024-01-01T00:00:00.000Z", "deletedAt": None,
                    "isAdmin": False, "license": None, "oauthId": "", "quotaSizeInBytes": None,
                    "quotaUsageInBytes": 0, "shouldChangePassword": False, "status": "active",
                    "storageLabel": None, "updatedAt": "2024-01-01T00:00:00.000Z"}))
            if path == "/search/metadata" and method == "POST":
                chosen = library.matching(dto)
                size = dto.size or 250
                page = dto.page or 1
                items = chosen[(page - 1) * size: page * size]
                more = page * size < len(chosen)
                answer = {"albums": {"count": 0, "facets": [], "items": [], "total": 0},
                          "assets": {"count": len(items), "facets": [], "items": items, "total": len(chosen),
                                     "nextPage": str(page + 1) if more else None, "nextCursor": None}}
                unknown_keys(models.SearchResponseDto, answer, "answer")
                for item in items:
                    through(models.AssetResponseDto, item)
                return self.answer(200, models.SearchResponseDto.from_dict(answer).to_dict())
            if path == "/search/random" and method == "POST":
                chosen = library.matching(dto)
                random.shuffle(chosen)
                return self.answer(200, [through(models.AssetResponseDto, a) for a in chosen[: dto.size or 250]])
            if path == "/memories" and method == "GET":
                day = query_value(datetime.datetime, query["for"]) if "for" in query else datetime.datetime.now(datetime.timezone.utc)
                memories = []
                by_year = {}
                for index, entry in enumerate(assets):
                    asset = library.dto(entry, index)
                    taken = datetime.datetime.fromisoformat(asset["localDateTime"].replace("Z", "+00:00"))
                    # Immich's "on this day" is of past years; the stand-in's takes this year's too, so a
                    # test's freshly copied photo is a memory of today.
                    if (taken.month, taken.day) == (day.month, day.day) and taken.year <= day.year \
                            and asset["visibility"] == "timeline":
                        by_year.setdefault(taken.year, []).append(asset)
                for year, found in sorted(by_year.items(), reverse=True):
                    stamp = day.replace(hour=0, minute=0, second=0, microsecond=0).isoformat().replace("+00:00", "Z")
                    memories.append(through(models.MemoryResponseDto, {
                        "id": stable_id(f"memory:{year}"),
                        "assets": found, "createdAt": stamp, "updatedAt": stamp, "memoryAt": stamp,
                        "data": {"year": year}, "isSaved": False, "ownerId": OWNER_ID, "type": "on_this_day"}))
                return self.answer(200, memories)
            match = re.match(r"^/assets/([^/]+)(/thumbnail|/original)?$", path)
            if match:
                asset_id, part = match.groups()
                found = library.find(asset_id, assets)
                if found is None:
                    return self.immich_error(400, "Bad Request", "Not found or no asset.read access")
                index, entry = found
                if part in ("/thumbnail", "/original"):
                    # An original other than the preview, when a test put one beside the photo
                    # (hidden, so it is no asset itself): .NAME.original.
                    original = os.path.join(os.path.dirname(entry[1]), "." + entry[0] + ".original")
                    source = original if part == "/original" and os.path.exists(original) else entry[1]
                    with open(source, "rb") as f:
                        data = f.read()
                    return self.answer(200, data, IMAGE_TYPES[os.path.splitext(entry[0])[1].lower()])
                if method == "PUT":
                    if permission == "read-only":
                        return self.immich_error(403, "Forbidden", "Missing required permission: asset.update")
                    with library.lock:
                        if dto.is_favorite is not None:
                            (library.favourites.add if dto.is_favorite else library.favourites.discard)(asset_id)
                        if dto.visibility is not None:
                            library.visibility[asset_id] = dto.visibility.value
                return self.answer(200, through(models.AssetResponseDto, library.dto(entry, index, exif=True)))
            self.immich_error(404, "Not Found", f"the stand-in does not serve {method} /api{path}")

    return Handler


class Server(ThreadingHTTPServer):
    allow_reuse_address = True
    daemon_threads = True

    def finish_request(self, request, client_address):
        # The TLS handshake in the connection's own thread: one client that never finishes it
        # must not hold up the accept loop and every other client.
        if isinstance(request, ssl.SSLSocket):
            try:
                request.do_handshake()
            except (OSError, ssl.SSLError):
                return
        super().finish_request(request, client_address)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", required=True)
    parser.add_argument("--key-file", required=True, help="first line the API key; a second line 'read-only' refuses changes")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--version", default=SCHEMA_VERSION)
    options = parser.parse_args()
    try:
        with open(options.key_file) as f:
            lines = f.read().splitlines()
    except OSError as error:
        parser.error(f"--key-file: {error}")
    if not lines or not lines[0].strip():
        parser.error(f"--key-file {options.key_file}: line 1 is empty, where the API key goes")
    if len(lines) > 1 and lines[1].strip() not in ("", "read-only"):
        parser.error(f"--key-file {options.key_file}: line 2 is {lines[1].strip()!r}, not read-only")
    keys = {lines[0].strip(): (lines[1].strip() if len(lines) > 1 and lines[1].strip() else "full")}
    if not os.path.isdir(options.photos):
        parser.error(f"--photos {options.photos}: not a folder")
    if not re.fullmatch(r"\d+\.\d+\.\d+", options.version):
        parser.error(f"--version {options.version}: not MAJOR.MINOR.PATCH")
    server = Server(("127.0.0.1", options.port), handler_for(Library(options.photos), Faults(options.version), keys))
    scheme = "http"
    if options.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(*options.tls)
        except (OSError, ssl.SSLError) as error:
            parser.error(f"--tls {' '.join(options.tls)}: {error}")
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
        scheme = "https"
    print(f"listening on {scheme}://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
