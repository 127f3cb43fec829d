#include "core/importers/importcontext.h"

#include "core/naming.h"
#include "core/pack/manifestreader.h"
#include "core/verbs/import.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <sstream>

using namespace Qt::StringLiterals;

namespace Grex::Importers {

namespace {

struct XmlElement
{
    QString name;
    QList<std::pair<QString, QString>> attributes; // in file order
    int line = 0;
    QList<XmlElement> children;

    QString attribute(const QString &key) const
    {
        for (const auto &attributePair : attributes) {
            if (attributePair.first == key)
                return attributePair.second;
        }
        return {};
    }
    bool has(const QString &key) const
    {
        for (const auto &attributePair : attributes) {
            if (attributePair.first == key)
                return true;
        }
        return false;
    }
    void set(const QString &key, const QString &value)
    {
        for (auto &attributePair : attributes) {
            if (attributePair.first == key) {
                attributePair.second = value;
                return;
            }
        }
        attributes.append({key, value});
    }
};

Result<void> readXmlChildren(const Context &ctx, QXmlStreamReader &xml, XmlElement &parent,
                             int depth)
{
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement)
            return {};
        if (token != QXmlStreamReader::StartElement)
            continue;
        if (depth >= MaxXmlDepth) {
            return ctx.fail(int(xml.lineNumber()),
                            u"elements nest more than %1 levels deep"_s.arg(MaxXmlDepth),
                            int(xml.columnNumber()));
        }
        XmlElement element;
        element.name = xml.name().toString();
        element.line = int(xml.lineNumber());
        for (const QXmlStreamAttribute &attribute : xml.attributes())
            element.attributes.append({attribute.name().toString(), attribute.value().toString()});
        if (Result<void> children = readXmlChildren(ctx, xml, element, depth + 1); !children)
            return children;
        parent.children.append(std::move(element));
    }
    return {};
}

Result<XmlElement> readManifestXml(const Context &ctx, const QByteArray &bytes)
{
    QXmlStreamReader xml(bytes);
    XmlElement document;
    Result<void> read = readXmlChildren(ctx, xml, document, 0);
    if (!read)
        return read.error();
    if (xml.hasError()) {
        return ctx.fail(int(xml.lineNumber()), u"not XML: %1"_s.arg(xml.errorString()),
                        int(xml.columnNumber()));
    }
    if (document.children.isEmpty())
        return ctx.fail(0, u"there is no <manifest> element"_s);
    const XmlElement &root = document.children.constFirst();
    if (root.name != u"manifest")
        return ctx.fail(root.line, u"the root element is <%1>, not <manifest>"_s.arg(root.name));
    return root;
}

// Groups as repo reads them: separated by commas and whitespace.
QStringList splitGroups(const QString &groups)
{
    static const QRegularExpression separator(u"[,\\s]+"_s);
    return groups.split(separator, Qt::SkipEmptyParts);
}

// A child of <manifest>, with the file it came from and what the includes on the way add.
struct RepoNode
{
    XmlElement element;
    QString file;
    QStringList includeGroups;
};

struct RepoRemote
{
    QString fetch;
    QString revision;
    int line = 0;
};

class RepoReader
{
public:
    explicit RepoReader(const Context &top) : m_top(top), m_root(top.dir) {}

    Result<ImportSource> read(const QByteArray &bytes);

private:
    Result<void> gather(const Context &ctx, const QByteArray &bytes, const QStringList &stack,
                        const QStringList &groups, const QString &revision);
    Result<void> readRemote(const Context &ctx, const XmlElement &element);
    Result<void> readDefault(const Context &ctx, const XmlElement &element);
    Result<void> addProject(const Context &ctx, const XmlElement &element,
                            const QStringList &includeGroups, const QString &parentName,
                            const QString &parentPath);
    Result<void> extendProject(const Context &ctx, const RepoNode &node);
    Result<void> removeProject(const Context &ctx, const XmlElement &element);
    Result<QString> urlFor(const Context &ctx, const XmlElement &element, const QString &remoteName,
                           const QString &name, QStringList &notCarried) const;

    Context m_top;
    QString m_root; // includes are named relative to the first manifest's folder
    QList<RepoNode> m_nodes;
    QMap<QString, RepoRemote> m_remotes;
    bool m_haveDefault = false;
    QString m_defaultRemote;
    QString m_defaultRevision;
    ImportSource m_source{ImportFormat::RepoManifest, {}, {}};
    QStringList m_names; // the repo name of each entry
};

// The nodes of a manifest with its includes in place, as repo gathers them: an include's groups
// go to every project and extend-project below it, its revision to every project and include
// below it that has none.
Result<void> RepoReader::gather(const Context &ctx, const QByteArray &bytes,
                                const QStringList &stack, const QStringList &groups,
                                const QString &revision)
{
    Result<XmlElement> manifest = readManifestXml(ctx, bytes);
    if (!manifest)
        return manifest.error();
    for (XmlElement &element : manifest->children) {
        if (!revision.isEmpty() && (element.name == u"include" || element.name == u"project") &&
            element.attribute(u"revision"_s).isEmpty())
            element.set(u"revision"_s, revision);
        if (element.name != u"include") {
            RepoNode node{element, ctx.file, {}};
            if (element.name == u"project" || element.name == u"extend-project")
                node.includeGroups = groups;
            m_nodes.append(node);
            continue;
        }
        const QString name = element.attribute(u"name"_s);
        if (name.isEmpty())
            return ctx.fail(element.line, u"<include> has no name"_s);
        const QString target = QDir::cleanPath(m_root + u'/' + name);
        if (!insideDir(m_root, target)) {
            m_source.notCarried.append(
                u"include '%1' is outside the manifest's folder"_s.arg(name));
            continue;
        }
        if (!QFileInfo(target).isFile()) {
            m_source.notCarried.append(u"include '%1' is not beside the manifest"_s.arg(name));
            continue;
        }
        const QString canonical = QFileInfo(target).canonicalFilePath();
        if (stack.contains(canonical)) {
            QStringList cycle;
            for (qsizetype i = stack.indexOf(canonical); i < stack.size(); ++i)
                cycle.append(QFileInfo(stack.at(i)).fileName());
            cycle.append(QFileInfo(canonical).fileName());
            return ctx.fail(element.line,
                            u"the includes form a cycle: %1"_s.arg(cycle.join(u" -> "_s)));
        }
        if (stack.size() > MaxImportIncludeDepth) {
            return ctx.fail(element.line,
                            u"includes nest more than %1 levels deep"_s.arg(MaxImportIncludeDepth));
        }
        Result<QByteArray> included = readBytes(target);
        if (!included)
            return included.error();
        QStringList innerGroups = groups;
        innerGroups.append(splitGroups(element.attribute(u"groups"_s)));
        if (Result<void> inner =
                gather(ctx.sibling(target), *included, stack + QStringList{canonical}, innerGroups,
                       element.attribute(u"revision"_s));
            !inner)
            return inner;
    }
    return {};
}

Result<void> RepoReader::readRemote(const Context &ctx, const XmlElement &element)
{
    const QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<remote> has no name"_s);
    const QString fetch = element.attribute(u"fetch"_s);
    if (fetch.isEmpty())
        return ctx.fail(element.line, u"remote '%1' has no fetch URL"_s.arg(name));
    const RepoRemote remote{fetch, element.attribute(u"revision"_s), element.line};
    if (const auto it = m_remotes.constFind(name); it != m_remotes.cend()) {
        if (it->fetch != remote.fetch || it->revision != remote.revision) {
            return ctx.fail(element.line,
                            u"remote '%1' is defined again with other attributes"_s.arg(name));
        }
        return {};
    }
    m_remotes.insert(name, remote);
    for (const auto &[key, value] : element.attributes) {
        if (key != u"name" && key != u"fetch" && key != u"revision")
            m_source.notCarried.append(u"remote '%1' %2=%3"_s.arg(name, key, value));
    }
    for (const XmlElement &child : element.children) {
        if (child.name == u"annotation") {
            m_source.notCarried.append(u"remote '%1' annotation %2=%3"_s.arg(
                name, child.attribute(u"name"_s), child.attribute(u"value"_s)));
        }
    }
    return {};
}

Result<void> RepoReader::readDefault(const Context &ctx, const XmlElement &element)
{
    if (element.attributes.isEmpty() && element.children.isEmpty())
        return {};
    const QString remote = element.attribute(u"remote"_s);
    const QString revision = element.attribute(u"revision"_s);
    if (m_haveDefault) {
        if (remote != m_defaultRemote || revision != m_defaultRevision)
            return ctx.fail(element.line, u"a second <default> differs from the first"_s);
        return {};
    }
    if (!remote.isEmpty() && !m_remotes.contains(remote))
        return ctx.fail(element.line, u"the default remote '%1' is not defined"_s.arg(remote));
    m_haveDefault = true;
    m_defaultRemote = remote;
    m_defaultRevision = revision;
    for (const auto &[key, value] : element.attributes) {
        if (key != u"remote" && key != u"revision")
            m_source.notCarried.append(u"default %1=%2"_s.arg(key, value));
    }
    return {};
}

// repo joins the remote's fetch URL (resolved against the manifest's own URL) and the project
// name with '/' and adds nothing: its documentation still promises a ".git" suffix that repo
// itself no longer appends (tests/data/manifests/README.md).
Result<QString> RepoReader::urlFor(const Context &ctx, const XmlElement &element,
                                   const QString &remoteName, const QString &name,
                                   QStringList &notCarried) const
{
    if (remoteName.isEmpty()) {
        return ctx.fail(element.line, u"project '%1' has no remote and there is no default "
                                      u"remote"_s.arg(name));
    }
    const auto remote = m_remotes.constFind(remoteName);
    if (remote == m_remotes.cend())
        return ctx.fail(element.line, u"remote '%1' is not defined"_s.arg(remoteName));
    const QString fetch = resolvedOrEmpty(ctx, remote->fetch, notCarried);
    return fetch.isEmpty() ? QString() : joinUrl(fetch, name);
}

Result<void> RepoReader::addProject(const Context &ctx, const XmlElement &element,
                                    const QStringList &includeGroups, const QString &parentName,
                                    const QString &parentPath)
{
    QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<project> has no name"_s);
    // A nested project (a submodule) is named and placed below its parent.
    if (!parentName.isEmpty())
        name = parentName + u'/' + name;
    QString path = element.attribute(u"path"_s);
    if (path.isEmpty())
        path = element.attribute(u"name"_s);
    if (!parentPath.isEmpty())
        path = parentPath + u'/' + path;
    if (Result<void> room = roomForEntry(ctx, m_source.entries.size(), element.line); !room)
        return room;

    ImportEntry entry;
    entry.path = cleanEntryPath(path);
    QString remoteName = element.attribute(u"remote"_s);
    if (remoteName.isEmpty())
        remoteName = m_defaultRemote;
    Result<QString> url = urlFor(ctx, element, remoteName, name, entry.notCarried);
    if (!url)
        return url.error();
    entry.url = *url;
    QString revision = element.attribute(u"revision"_s);
    if (revision.isEmpty())
        revision = m_remotes.value(remoteName).revision;
    if (revision.isEmpty())
        revision = m_defaultRevision;
    entry.ref = refOf(revision);
    for (const QString &group : splitGroups(element.attribute(u"groups"_s)) + includeGroups)
        addTag(entry, group, u"group"_s);
    if (element.has(u"clone-depth"_s)) {
        bool ok = false;
        const QString text = element.attribute(u"clone-depth"_s);
        entry.depth = text.toLongLong(&ok);
        if (!ok || entry.depth <= 0) {
            return ctx.fail(element.line, u"the clone-depth of '%1' is not a number greater "
                                          u"than 0: '%2'"_s.arg(name, text));
        }
    }
    static const QStringList read{u"name"_s,     u"path"_s,   u"remote"_s,
                                  u"revision"_s, u"groups"_s, u"clone-depth"_s};
    for (const auto &[key, value] : element.attributes) {
        if (!read.contains(key))
            entry.notCarried.append(u"%1=%2"_s.arg(key, value));
    }
    QList<const XmlElement *> nested;
    for (const XmlElement &child : element.children) {
        if (child.name == u"copyfile" || child.name == u"linkfile") {
            entry.notCarried.append(u"%1 %2 -> %3"_s.arg(child.name, child.attribute(u"src"_s),
                                                         child.attribute(u"dest"_s)));
        } else if (child.name == u"annotation") {
            entry.notCarried.append(
                u"annotation %1=%2"_s.arg(child.attribute(u"name"_s), child.attribute(u"value"_s)));
        } else if (child.name == u"project") {
            nested.append(&child);
        } else {
            entry.notCarried.append(u"element <%1>"_s.arg(child.name));
        }
    }
    const QString placed = entry.path;
    m_source.entries.append(entry);
    m_names.append(name);
    // An include's groups went to the <project> element alone, as repo sets them.
    for (const XmlElement *child : std::as_const(nested)) {
        if (Result<void> added = addProject(ctx, *child, {}, name, placed); !added)
            return added;
    }
    return {};
}

Result<void> RepoReader::extendProject(const Context &ctx, const RepoNode &node)
{
    const XmlElement &element = node.element;
    const QString name = element.attribute(u"name"_s);
    if (name.isEmpty())
        return ctx.fail(element.line, u"<extend-project> has no name"_s);
    const QString path = element.attribute(u"path"_s);
    bool matched = false;
    for (qsizetype i = 0; i < m_source.entries.size(); ++i) {
        ImportEntry &entry = m_source.entries[i];
        if (m_names.at(i) != name || (!path.isEmpty() && entry.path != cleanEntryPath(path)))
            continue;
        matched = true;
        for (const QString &group :
             splitGroups(element.attribute(u"groups"_s)) + node.includeGroups)
            addTag(entry, group, u"group"_s);
        if (const QString revision = element.attribute(u"revision"_s); !revision.isEmpty())
            entry.ref = refOf(revision);
        if (const QString remote = element.attribute(u"remote"_s); !remote.isEmpty()) {
            Result<QString> url = urlFor(ctx, element, remote, name, entry.notCarried);
            if (!url)
                return url.error();
            entry.url = *url;
        }
        if (const QString destination = element.attribute(u"dest-path"_s); !destination.isEmpty())
            entry.path = cleanEntryPath(destination);
        for (const auto &[key, value] : element.attributes) {
            if (key != u"name" && key != u"path" && key != u"groups" && key != u"revision" &&
                key != u"remote" && key != u"dest-path")
                entry.notCarried.append(u"%1=%2"_s.arg(key, value));
        }
        for (const XmlElement &child : element.children) {
            if (child.name == u"copyfile" || child.name == u"linkfile") {
                entry.notCarried.append(u"%1 %2 -> %3"_s.arg(child.name, child.attribute(u"src"_s),
                                                             child.attribute(u"dest"_s)));
            } else if (child.name == u"annotation") {
                entry.notCarried.append(u"annotation %1=%2"_s.arg(child.attribute(u"name"_s),
                                                                  child.attribute(u"value"_s)));
            }
        }
    }
    if (!matched)
        m_source.notCarried.append(u"extend-project '%1' matches no project"_s.arg(name));
    return {};
}

Result<void> RepoReader::removeProject(const Context &ctx, const XmlElement &element)
{
    const QString name = element.attribute(u"name"_s);
    const QString path = element.attribute(u"path"_s);
    if (name.isEmpty() && path.isEmpty())
        return ctx.fail(element.line, u"<remove-project> has neither a name nor a path"_s);
    bool removed = false;
    for (qsizetype i = m_source.entries.size() - 1; i >= 0; --i) {
        const bool nameMatches = name.isEmpty() || m_names.at(i) == name;
        const bool pathMatches =
            path.isEmpty() || m_source.entries.at(i).path == cleanEntryPath(path);
        if (nameMatches && pathMatches) {
            m_source.entries.removeAt(i);
            m_names.removeAt(i);
            removed = true;
        }
    }
    if (!removed && element.attribute(u"optional"_s) != u"true") {
        m_source.notCarried.append(
            u"remove-project '%1' matches no project"_s.arg(name.isEmpty() ? path : name));
    }
    return {};
}

// repo's manifest, in repo's order: remotes first, then the default, then projects,
// extend-project and remove-project in file order, each pass over the whole manifest with its
// includes.
Result<ImportSource> RepoReader::read(const QByteArray &bytes)
{
    const QString canonical = QFileInfo(m_top.file).canonicalFilePath();
    if (Result<void> gathered = gather(m_top, bytes, {canonical}, {}, {}); !gathered)
        return gathered.error();
    for (const RepoNode &node : std::as_const(m_nodes)) {
        if (node.element.name == u"remote") {
            if (Result<void> remote = readRemote(m_top.sibling(node.file), node.element); !remote)
                return remote.error();
        }
    }
    for (const RepoNode &node : std::as_const(m_nodes)) {
        if (node.element.name == u"default") {
            if (Result<void> def = readDefault(m_top.sibling(node.file), node.element); !def)
                return def.error();
        }
    }
    for (const RepoNode &node : std::as_const(m_nodes)) {
        const Context ctx = m_top.sibling(node.file);
        const XmlElement &element = node.element;
        const QString &kind = element.name;
        Result<void> done;
        if (kind == u"project") {
            done = addProject(ctx, element, node.includeGroups, {}, {});
        } else if (kind == u"extend-project") {
            done = extendProject(ctx, node);
        } else if (kind == u"remove-project") {
            done = removeProject(ctx, element);
        } else if (kind == u"remote" || kind == u"default") {
            // Read above.
        } else if (kind == u"notice") {
            m_source.notCarried.append(u"notice"_s);
        } else if (kind == u"superproject" || kind == u"submanifest") {
            m_source.notCarried.append(u"%1 %2"_s.arg(kind, element.attribute(u"name"_s)));
        } else if (kind == u"manifest-server") {
            m_source.notCarried.append(u"manifest-server %1"_s.arg(element.attribute(u"url"_s)));
        } else if (kind == u"contactinfo") {
            m_source.notCarried.append(u"contactinfo %1"_s.arg(element.attribute(u"bugurl"_s)));
        } else if (kind == u"repo-hooks") {
            m_source.notCarried.append(u"repo-hooks %1 in %2"_s.arg(
                element.attribute(u"enabled-list"_s), element.attribute(u"in-project"_s)));
        } else {
            m_source.notCarried.append(u"element <%1>"_s.arg(kind));
        }
        if (!done)
            return done.error();
    }
    return m_source;
}

} // namespace

Result<ImportSource> readRepoManifest(const Context &ctx, const QByteArray &bytes)
{
    return RepoReader(ctx).read(bytes);
}

} // namespace Grex::Importers
