"""Finding CR files: --cr, the environment, the cache; both official and our file names."""

from __future__ import annotations

import pytest

from counterpedia.cr import locate

HEAD = "\ufeffMagic: The Gathering Comprehensive Rules\r\rThese rules are effective as of {date}.\r\r"


def make(directory, name, date="January 16, 2026"):
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(HEAD.format(date=date), encoding="utf-8")
    return path


def test_both_file_names_and_only_cr_files(tmp_path):
    make(tmp_path, "MagicCompRules 20260116.txt")
    make(tmp_path, "MagicCompRules-20251114.txt", "November 14, 2025")
    make(tmp_path, "MagicCompRules%2020250606.txt", "June 6, 2025")
    make(tmp_path, "notes.txt")
    make(tmp_path, "MagicCompRules-2026.txt")
    found = locate.available_editions(tmp_path)
    assert list(found) == ["20250606", "20251114", "20260116"]
    assert locate.newest(tmp_path).name == "MagicCompRules 20260116.txt"
    assert locate.find("20251114", tmp_path).name == "MagicCompRules-20251114.txt"


def test_precedence_explicit_then_env_then_cache(tmp_path):
    cache = locate.cache_dir({"XDG_CACHE_HOME": str(tmp_path / "xdg")})
    assert cache == tmp_path / "xdg" / "counterpedia" / "cr"
    make(cache, "MagicCompRules-20231117.txt", "November 17, 2023")
    env_dir = make(tmp_path / "env", "MagicCompRules-20240308.txt", "March 8, 2024").parent
    single = make(tmp_path / "one", "rules.txt", "July 30, 2024")  # no id in the name: read the date

    env = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    assert list(locate.available_editions(env=env)) == ["20231117"]
    env["COUNTERPEDIA_CR_DIR"] = str(env_dir)
    assert list(locate.available_editions(env=env)) == ["20240308"]
    env["COUNTERPEDIA_CR"] = str(single)
    assert list(locate.available_editions(env=env)) == ["20240730"]
    assert list(locate.available_editions(cache, env=env)) == ["20231117"]
    assert locate.source(None, env)[0] == "COUNTERPEDIA_CR"


def test_home_cache_without_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert locate.cache_dir({}) == tmp_path / ".cache" / "counterpedia" / "cr"


def test_clear_errors(tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    assert locate.available_editions(env=env) == {}  # an empty cache is not an error...
    with pytest.raises(locate.CRNotFound, match="counterpedia cr fetch 20260116") as error:
        locate.newest(env=env)  # ...but needing a file there is
    assert "COUNTERPEDIA_CR_DIR" in error.value.message
    with pytest.raises(locate.CRNotFound, match="does not exist"):
        locate.available_editions(tmp_path / "nowhere")
    make(tmp_path / "d", "MagicCompRules-20260116.txt")
    with pytest.raises(locate.CRNotFound, match="edition 20250101 is not in .*available: 20260116"):
        locate.find("20250101", tmp_path / "d")
    with pytest.raises(locate.CRNotFound, match="not an edition id"):
        locate.find("2026-01-16", tmp_path / "d")
    with pytest.raises(locate.CRNotFound, match="neither an edition id"):
        locate.resolve("latest", tmp_path / "d")
    stranger = tmp_path / "stranger.txt"
    stranger.write_text("hello\n", encoding="utf-8")
    with pytest.raises(locate.CRNotFound, match="not a Comprehensive Rules file"):
        locate.available_editions(stranger)


def test_the_reference_files_through_the_environment(cr_env, cr_files, all_cr_files):
    assert locate.available_editions() == all_cr_files
    assert cr_files.items() <= all_cr_files.items()
    assert locate.newest() == all_cr_files[max(all_cr_files)]
    assert locate.resolve(str(cr_files["20240308"])) == cr_files["20240308"]


def test_several_folders_like_path(tmp_path):
    official = make(tmp_path / "cr", "MagicCompRules 20260116.txt").parent
    make(official, "MagicCompRules-20251114.txt", "November 14, 2025")
    copies = make(tmp_path / "cr-2026", "MagicCompRules-20260925.txt", "September 25, 2026").parent
    make(copies, "MagicCompRules-20260116.txt")  # the same edition in a later folder: the first folder's wins
    env = {"COUNTERPEDIA_CR_DIR": f"{official}:{copies}:", "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    found = locate.available_editions(env=env)
    assert list(found) == ["20251114", "20260116", "20260925"]
    assert found["20260116"].parent == official and locate.newest(env=env).parent == copies
    where, places = locate.search_path(None, env)
    assert (
        where == "COUNTERPEDIA_CR_DIR" and places.paths == (official, copies) and str(places) == f"{official}:{copies}"
    )
    assert locate.source(None, env) == ("COUNTERPEDIA_CR_DIR", official)
    with pytest.raises(locate.CRNotFound, match="does not exist"):
        locate.available_editions(env={"COUNTERPEDIA_CR_DIR": f"{official}:{tmp_path / 'nowhere'}"})
    with pytest.raises(
        locate.CRNotFound, match=r"edition 20250101 is not in .*cr:.*cr-2026 .*available: 20251114, 20260116, 20260925"
    ):
        locate.find("20250101", env=env)
