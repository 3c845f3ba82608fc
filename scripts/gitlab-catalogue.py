#!/usr/bin/python3
"""Extracts GitLab's REST v4 endpoints into src/lib/codehost/catalogue/gitlab-endpoints.json.

Run by hand (`npm run catalogue`) after installing Debian's python3-gitlab and
libgitlab-api-v4-perl; its output is committed, so nothing here runs in a build or a test.

Sources, combined by method and path shape (parameter names ignored):
- python-gitlab (LGPL-3.0-or-later): each manager's `_path`, `_create_attrs`, `_update_attrs`,
  `_list_filters`, `_optional_get_attrs`, `_types`, and the custom actions registered for the CLI
  (their path and HTTP verb read from the method's source, their docs link from its docstring).
- GitLab::API::v4 (Perl, Artistic-1.0 or GPL-1.0-or-later): one method per endpoint with its HTTP
  method and path, grouped under a section that links the GitLab docs page.
Only facts (methods, paths, attribute names, page names) are taken, no code.
"""

import inspect
import json
import re
import sys
from pathlib import Path

import gitlab
import gitlab.base as base
import gitlab.cli as cli
import gitlab.mixins as mixins
import gitlab.v4.objects as objects

PERL = Path("/usr/share/perl5/GitLab/API/v4.pm")
OUT = Path(__file__).resolve().parent.parent / "src/lib/codehost/catalogue/gitlab-endpoints.json"

# Parameter names of python-gitlab's paths that GitLab's docs spell otherwise.
RENAME = {"mr_iid": "merge_request_iid"}


def singular(word: str) -> str:
    for end, repl in (("ies", "y"), ("uses", "us"), ("sses", "ss"), ("ches", "ch"), ("shes", "sh"), ("xes", "x")):
        if word.endswith(end):
            return word[: -len(end)] + repl
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def normalise(path: str) -> str:
    """`/projects/{project_id}/x` or `projects/:project_id/x` → `/projects/:id/x`."""
    path = re.sub(r"/+", "/", "/" + path.strip("/"))
    path = re.sub(r"\{([^}]+)\}", lambda m: ":" + RENAME.get(m.group(1), m.group(1)), path)
    segs = path.split("/")
    # The first parameter after a top-level collection is `:id` in GitLab's docs.
    if len(segs) > 2 and segs[2].startswith(":"):
        segs[2] = ":id"
    return "/".join(segs)


def shape(method: str, path: str) -> str:
    return method + " " + re.sub(r":[^/]+", ":", path)


def docs_url(link: str | None) -> str | None:
    """Old `docs.gitlab.com/(ce|ee)/api/x.html#y` links → today's `docs.gitlab.com/api/x/#y`."""
    if not link:
        return None
    m = re.match(r"https://docs\.gitlab\.com/(?:ce/|ee/)?api/([\w/]+?)(?:/index)?(?:\.html)?/?(#[\w-]+)?$", link)
    if not m:
        return None
    page = {"services": "integrations"}.get(m.group(1), m.group(1))  # renamed in GitLab's docs
    return f"https://docs.gitlab.com/api/{page}/" + (m.group(2) or "")


def words_of(name: str) -> list[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")
    return [w.lower() for w in spaced.split() if w and w.lower() not in ("manager", "project", "group")]


entries: dict[str, dict] = {}


def add(method, path, source, required=(), optional=(), arrays=(), docs=None, words=()):
    path = normalise(path)
    key = shape(method, path)
    e = entries.setdefault(
        key, {"method": method, "path": path, "required": [], "optional": [], "arrays": [], "docs": None, "words": [], "src": []}
    )
    for field, values in (("required", required), ("optional", optional), ("arrays", arrays), ("words", words)):
        for v in values:
            if v not in e[field]:
                e[field].append(v)
    e["optional"] = [o for o in e["optional"] if o not in e["required"]]
    if source not in e["src"]:
        e["src"].append(source)
    if docs and not e["docs"]:
        e["docs"] = docs
    if source == "perl":
        e["path"] = path  # GitLab::API::v4 names parameters as GitLab's docs do.
    return e


# python-gitlab managers --------------------------------------------------------------------------

managers = [
    m for m in vars(objects).values()
    if isinstance(m, type) and issubclass(m, base.RESTManager) and getattr(m, "_path", None)
]
by_obj: dict[type, list[type]] = {}


def attrs(ro) -> tuple[tuple, tuple]:
    return (tuple(getattr(ro, "required", ())), tuple(getattr(ro, "optional", ()) + tuple(getattr(ro, "exclusive", ()))))


def type_kind(t) -> str:
    """How python-gitlab sends the attribute: `array` (name[]=…), `csv` (a,b), `file` (upload)."""
    name = t.__name__
    if "CommaSeparated" in name:
        return "csv"
    if "Array" in name:
        return "array"
    if "File" in name or "Image" in name:
        return "file"
    return re.sub(r"Attribute$", "", name).lower()


def item_param(manager) -> str | None:
    obj = manager._obj_cls
    id_attr = getattr(obj, "_id_attr", "id") if obj else None
    if not id_attr:
        return None
    seg = manager._path.rstrip("/").split("/")[-1]
    one = singular(seg)
    if id_attr in ("id", "iid"):
        return f"{one}_{id_attr}"
    return one if id_attr == "name" else id_attr


for m in managers:
    if m._obj_cls:
        by_obj.setdefault(m._obj_cls, []).append(m)
    path = m._path
    item = item_param(m)
    item_path = f"{path}/{{{item}}}" if item else None
    arrays = tuple(f"{k}:{type_kind(t)}" for k, t in (getattr(m, "_types", {}) or {}).items())
    w = words_of(m.__name__)
    has_items = issubclass(m, (mixins.GetMixin, mixins.DeleteMixin)) and item_path
    if issubclass(m, mixins.ListMixin):
        add("GET", path, "python", optional=tuple(m._list_filters or ()), arrays=arrays, words=["list", *w])
    if issubclass(m, mixins.GetMixin) and item_path:
        add("GET", item_path, "python", optional=tuple(getattr(m, "_optional_get_attrs", ()) or ()), words=["get", *w])
    if issubclass(m, mixins.GetWithoutIdMixin):
        add("GET", path, "python", optional=tuple(getattr(m, "_optional_get_attrs", ()) or ()), words=["get", *w])
    if issubclass(m, mixins.CreateMixin):
        req, opt = attrs(m._create_attrs)
        add("POST", path, "python", req, opt, arrays, words=["create", "new", *w])
    if issubclass(m, mixins.UpdateMixin):
        req, opt = attrs(m._update_attrs)
        verb = "POST" if getattr(m, "_update_uses_post", False) else "PUT"
        add(verb, item_path if has_items else path, "python", req, opt, arrays, words=["update", "edit", *w])
    if issubclass(m, mixins.SetMixin) and item_path:
        add("PUT", item_path, "python", ("value",), (), words=["set", *w])
    if issubclass(m, mixins.DeleteMixin) and item_path:
        add("DELETE", item_path, "python", words=["delete", "remove", *w])

# python-gitlab custom actions (approve, merge, rebase, …) -----------------------------------------

CALL = re.compile(r"http_(get|post|put|delete|list)\(\s*(\w+|f?\"[^\"]*\")")
ASSIGN = re.compile(r"(\w+)\s*=\s*(f?\"[^\"]*\")")
custom = 0
for cls_name, actions in cli.custom_actions.items():
    cls = getattr(objects, cls_name, None)
    if cls is None:
        continue
    is_manager = issubclass(cls, base.RESTManager)
    owners = [cls] if is_manager else by_obj.get(cls, [])
    for action, (req, opt, _in_obj) in actions.items():
        fn = getattr(cls, action.replace("-", "_"), None)
        if fn is None:
            continue
        src = inspect.getsource(fn)
        call = CALL.search(src)
        if not call:
            continue
        verb = "GET" if call.group(1) == "list" else call.group(1).upper()
        target = call.group(2)
        if not target.startswith(('"', 'f"')):
            found = [a for a in ASSIGN.finditer(src) if a.group(1) == target]
            if not found:
                continue
            target = found[0].group(2)
        link = re.search(r"https://docs\.gitlab\.com/\S+", inspect.getdoc(fn) or "")
        for owner in owners:
            item = item_param(owner) or "id"
            t = target.lstrip("f").strip('"')
            t = t.replace("{self.manager.path}", owner._path).replace("{self.path}", owner._path)
            t = re.sub(r"\{self\.(encoded_id|get_id\(\)|id|iid)\}", "{" + item + "}", t)
            t = re.sub(r"\{[^}]*?(\w+)\)?\}", lambda mm: "{" + mm.group(1) + "}", t)
            if "{" in t.replace("{", "", 0) and re.search(r"\{(self|utils)\b", t):
                continue
            add(verb, t, "python", tuple(req), tuple(opt), docs=docs_url(link.group(0).rstrip(".") if link else None),
                words=[*words_of(action), *words_of(owner.__name__)])
            custom += 1

# GitLab::API::v4 ---------------------------------------------------------------------------------

perl = PERL.read_text()
section_docs = None
perl_count = 0
for m in re.finditer(r"See L<(https://docs\.gitlab\.com/[^>]+)>|^sub (\w+) \{.*?_call_rest_client\( '(\w+)', '([^']*)'", perl, re.S | re.M):
    if m.group(1):
        section_docs = docs_url(m.group(1))
        continue
    name, verb, path = m.group(2), m.group(3), m.group(4)
    add(verb, path, "perl", docs=section_docs, words=words_of(name))
    perl_count += 1

# Docs pages for what neither source linked: the page of an entry sharing a deep enough path prefix,
# else the nearest segment (from the end) naming a page GitLab has: one the sources link, one of
# EXTRA_PAGES, or GitLab's `group_`/`project_` page for it; else the top-level resource's page.
GROUP_PAGES = {"badges", "boards", "milestones", "labels", "clusters", "wikis", "import_export", "relations_export", "access_tokens", "level_variables"}
PROJECT_PAGES = {"badges", "snippets", "import_export", "relations_export", "access_tokens", "aliases", "statistics", "templates", "clusters", "level_variables"}
EXTRA_PAGES = {"integrations", "iterations", "secure_files", "packages", "remote_mirrors", "topics", "deploy_tokens", "invitations", "personal_access_tokens", "appearance", "applications", "audit_events", "geo_nodes", "merge_trains", "protected_environments", "dependency_proxy", "epics", "merge_request_approvals", "repository_submodules", "avatar", "rest",
               "group_wikis", "group_labels", "group_clusters", "project_clusters", "group_access_tokens", "project_access_tokens",
               "group_import_export", "group_relations_export", "project_relations_export", "project_aliases",
               "project_statistics", "project_templates", "issues_statistics", "templates/dockerfiles",
               "instance_level_ci_variables"}
# Segments whose page has another name: renamed (services → integrations) or shared.
OVERRIDES = {"services": "integrations", "submodules": "repository_submodules", "dockerfiles": "templates/dockerfiles",
             "billable_members": "members", "approval_rules": "merge_request_approvals", "approvals": "merge_request_approvals",
             "approval_state": "merge_request_approvals", "reset_approvals": "merge_request_approvals", "unapprove": "merge_request_approvals",
             "user": "users"}
PATH_PAGES = {"/admin/ci/variables": "instance_level_ci_variables", "/groups/:id/export": "group_import_export",
              "/groups/:id/import": "group_import_export"}


def fallback_docs(path: str, known: set) -> str:
    for prefix, page in PATH_PAGES.items():
        if path.startswith(prefix):
            return f"https://docs.gitlab.com/api/{page}/"
    segs = [s for s in path.strip("/").split("/") if not s.startswith(":")]
    top = segs[0] if segs else ""
    for seg in reversed(segs):
        for page in (OVERRIDES.get(seg), ("group_" + seg) if top == "groups" and seg in GROUP_PAGES else None,
                     ("project_" + seg) if top == "projects" and seg in PROJECT_PAGES else None, seg):
            if page and page in known:
                return f"https://docs.gitlab.com/api/{page}/"
    return "https://docs.gitlab.com/api/rest/"


by_prefix = {}
for e in entries.values():
    if e["docs"]:
        by_prefix.setdefault(re.sub(r":[^/]+", ":", e["path"]), e["docs"].split("#")[0])
known = {e["docs"].removeprefix("https://docs.gitlab.com/api/").split("#")[0].rstrip("/") for e in entries.values() if e["docs"]}
known |= EXTRA_PAGES
for e in entries.values():
    if not e["docs"]:
        fixed = [x for x in e["path"].split("/") if x and not x.startswith(":")]
        if fixed and fixed[-1] in OVERRIDES or any(e["path"].startswith(k) for k in PATH_PAGES):
            e["docs"] = fallback_docs(e["path"], known)
            continue
        p = re.sub(r":[^/]+", ":", e["path"])
        while p and p not in by_prefix:
            p = p.rsplit("/", 1)[0]
        # A top-level prefix (`/projects`) says little about a nested resource's page.
        e["docs"] = by_prefix[p] if p.count("/") >= 3 else fallback_docs(e["path"], known)

# One name per parameter position: the most used among entries that share the path up to it
# (GitLab::API::v4 says `:merge_request_id` in a few places where every other entry says `_iid`).
names: dict[str, dict[str, int]] = {}
for e in entries.values():
    segs = e["path"].split("/")
    for i, s in enumerate(segs):
        if s.startswith(":"):
            pre = re.sub(r":[^/]+", ":", "/".join(segs[: i + 1]))
            names.setdefault(pre, {}).setdefault(s, 0)
            names[pre][s] += 1
for e in entries.values():
    segs = e["path"].split("/")
    for i, s in enumerate(segs):
        if s.startswith(":"):
            counts = names[re.sub(r":[^/]+", ":", "/".join(segs[: i + 1]))]
            segs[i] = max(sorted(counts), key=lambda n: counts[n])
    e["path"] = "/".join(segs)
    # python-gitlab lists some path parameters among the attributes; the path carries them.
    in_path = {s[1:] for s in segs if s.startswith(":")} | {"id"}
    e["required"] = [a for a in e["required"] if a not in in_path]
    e["optional"] = [a for a in e["optional"] if a not in in_path]

rows = []
for e in sorted(entries.values(), key=lambda e: (e["path"], ["GET", "POST", "PUT", "PATCH", "DELETE"].index(e["method"]) if e["method"] in ("GET", "POST", "PUT", "PATCH", "DELETE") else 9)):
    docs = e["docs"].removeprefix("https://docs.gitlab.com/api/")
    words = sorted({w for w in e["words"] if w not in re.split(r"[/_:]", e["path"])})
    src = 3 if len(e["src"]) == 2 else (1 if e["src"] == ["python"] else 2)
    rows.append([e["method"], e["path"], docs, " ".join(words), e["required"], e["optional"], e["arrays"], src])

out = {
    "about": "GitLab REST v4 endpoints. Extracted by scripts/gitlab-catalogue.py from python-gitlab "
    f"{gitlab.__version__} (LGPL-3.0-or-later, Debian python3-gitlab) and GitLab::API::v4 0.26 (Artistic-1.0 or "
    "GPL-1.0-or-later, Debian libgitlab-api-v4-perl): methods, paths and attribute names only.",
    "docsBase": "https://docs.gitlab.com/api/",
    "columns": ["method", "path", "docs", "words", "required", "optional", "types (name:array|csv|file)", "sources (1 python-gitlab, 2 GitLab::API::v4, 3 both)"],
    "entries": rows,
}
OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
both = sum(1 for r in rows if r[7] == 3)
print(f"{len(rows)} endpoints ({len(managers)} managers, {custom} custom actions, {perl_count} Perl methods; {both} in both) → {OUT}", file=sys.stderr)
