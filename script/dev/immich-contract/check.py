"""Drives the stand-in with immichpy's own generated client over every operation it serves, so
the reference parses every answer; then asks the stand-in for violations it recorded."""

import asyncio
import datetime
import json
import sys
import urllib.error
import urllib.request
import uuid

from immichpy.client.generated import ApiClient, Configuration
from immichpy.client.generated.api import AssetsApi, MemoriesApi, SearchApi, ServerApi, UsersApi
from immichpy.client.generated.models import AssetMediaSize, AssetVisibility, MetadataSearchDto, RandomSearchDto, UpdateAssetDto

import server


async def run(base, key):
    configuration = Configuration(host=base + "/api", api_key={"api_key": key})
    async with ApiClient(configuration) as client:
        version = await ServerApi(client).get_server_version()
        await ServerApi(client).ping_server()
        await UsersApi(client).get_my_user()
        about = await ServerApi(client).get_about_info()
        assert about.version == f"v{version.major}.{version.minor}.{version.patch}", about.version
        found = await SearchApi(client).search_assets(MetadataSearchDto(
            album_ids=[uuid.UUID(server.ALBUM_ID)], type="IMAGE", visibility=AssetVisibility.TIMELINE, page=1, size=2))
        assert found.assets.count >= 1, "the album has photos"
        first = found.assets.items[0]
        assert found.assets.next_page in (None, "2")
        await SearchApi(client).search_random(RandomSearchDto(size=3, person_ids=[uuid.UUID(server.PERSON_ID)]))
        await SearchApi(client).search_assets(MetadataSearchDto(is_favorite=True))
        await MemoriesApi(client).search_memories(var_for=datetime.date(2026, 11, 28))
        today = datetime.datetime.now(datetime.timezone.utc).date()
        memories = await MemoriesApi(client).search_memories(var_for=today)
        assert memories and memories[0].assets, "photos copied today are today's memory"
        await AssetsApi(client).get_asset_info(first.id)
        updated = await AssetsApi(client).update_asset(first.id, UpdateAssetDto(is_favorite=True))
        assert updated.is_favorite
        preview = await AssetsApi(client).view_asset(first.id, size=AssetMediaSize.PREVIEW)
        original = await AssetsApi(client).download_asset(first.id)
        assert preview[:2] == b"\xff\xd8" and len(original) == len(preview)
        archived = await AssetsApi(client).update_asset(first.id, UpdateAssetDto(visibility=AssetVisibility.ARCHIVE))
        assert archived.visibility == AssetVisibility.ARCHIVE
        after = await SearchApi(client).search_assets(MetadataSearchDto(album_ids=[uuid.UUID(server.ALBUM_ID)]))
        assert all(a.id != first.id for a in after.assets.items), "an archived photo leaves the timeline"
        await AssetsApi(client).update_asset(first.id, UpdateAssetDto(visibility=AssetVisibility.TIMELINE, is_favorite=False))
        print(f"check: Immich {version.major}.{version.minor}.{version.patch}, {found.assets.total} photos, every answer parsed by immichpy")


def call(base, method, path, body=None, key=None, context=None):
    """(status, JSON answer) of a request the reference client would not make."""
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **({"x-api-key": key} if key else {})})
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def refusals(base, key):
    """What the stand-in must refuse, and how; returns the violations each one must record."""
    album = server.ALBUM_ID
    expected = []

    def refused(method, path, body, status, recorded, key=key):
        answer = call(base, method, path, body, key)
        assert answer[0] == status, f"{method} {path} {body}: {answer}"
        if recorded:
            expected.append(f"{method} {path.split('?')[0]}")

    refused("POST", "/api/search/metadata", {"albumIds": [album], "shuffle": True}, 400, True)
    refused("POST", "/api/search/metadata", {"size": "ten"}, 400, True)
    refused("GET", "/api/assets/" + album + "/thumbnail?size=huge", None, 400, True)
    refused("GET", "/api/assets/" + album + "?colour=red", None, 400, True)
    refused("GET", "/api/memories?for=yesterday", None, 400, True)
    refused("GET", "/api/assets/not-a-uuid", None, 400, True)
    refused("DELETE", "/api/server/ping", None, 400, True)
    refused("GET", "/api/users/me", None, 401, True, key=None)
    refused("GET", "/api/users/me", None, 401, False, key="wrong")
    refused("POST", "/_contract/fault", {"mode": "sideways"}, 400, False)
    refused("POST", "/_contract/fault", {"mode": "version", "version": "four"}, 400, False)
    # Immich's schema wants a zone on every time: Z or an offset.
    refused("POST", "/api/search/metadata", {"takenAfter": "2000-01-01T00:00:00"}, 400, True)
    status, found = call(base, "POST", "/api/search/metadata", {"takenAfter": "2000-01-01T00:00:00+02:00"}, key)
    assert status == 200 and found["assets"]["total"] >= 1, (status, found)
    return expected


def main():
    base, key = sys.argv[1], sys.argv[2]
    asyncio.run(run(base, key))
    expected = refusals(base, key)
    with urllib.request.urlopen(base + "/_contract/log") as answer:
        violations = json.load(answer)["violations"]
    unexpected = [v for v in violations if not any(v.startswith(e + ":") for e in expected)]
    missing = [e for e in expected if not any(v.startswith(e + ":") for v in violations)]
    if unexpected or missing or len(violations) != len(expected):
        print("check: violations:\n  " + "\n  ".join(violations) + "\ncheck: expected:\n  " + "\n  ".join(expected))
        sys.exit(1)
    print(f"check: {len(expected)} requests outside the schema refused and recorded")


if __name__ == "__main__":
    main()
