"""Drives the stand-in with immichpy's own generated client over every operation it serves, so
the reference parses every answer; then asks the stand-in for violations it recorded."""

import asyncio
import json
import sys
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
        found = await SearchApi(client).search_assets(MetadataSearchDto(
            album_ids=[uuid.UUID(server.ALBUM_ID)], type="IMAGE", visibility=AssetVisibility.TIMELINE, page=1, size=2))
        assert found.assets.count >= 1, "the album has photos"
        first = found.assets.items[0]
        assert found.assets.next_page in (None, "2")
        await SearchApi(client).search_random(RandomSearchDto(size=3, person_ids=[uuid.UUID(server.PERSON_ID)]))
        await SearchApi(client).search_assets(MetadataSearchDto(is_favorite=True))
        await MemoriesApi(client).search_memories(var_for="2026-11-28T00:00:00.000Z")
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


def main():
    base, key = sys.argv[1], sys.argv[2]
    asyncio.run(run(base, key))
    with urllib.request.urlopen(base + "/_contract/log") as answer:
        violations = json.load(answer)["violations"]
    if violations:
        print("check: violations:\n  " + "\n  ".join(violations))
        sys.exit(1)


if __name__ == "__main__":
    main()
