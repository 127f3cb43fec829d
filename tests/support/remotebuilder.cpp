#include "support/remotebuilder.h"

#include <QDir>
#include <QFile>

#include <git2.h>

#include <stdexcept>

using namespace Qt::StringLiterals;

namespace Grex::Test {

namespace {

void check(int rc, const char *what)
{
    if (rc < 0) {
        const git_error *e = git_error_last();
        qFatal("RemoteBuilder: %s failed: %s", what, e && e->message ? e->message : "?");
    }
}

git_oid buildTree(git_repository *repo, const RemoteBuilder::Files &files)
{
    git_treebuilder *builder = nullptr;
    check(git_treebuilder_new(&builder, repo, nullptr), "git_treebuilder_new");
    QMap<QString, RemoteBuilder::Files> subdirs;
    for (auto it = files.begin(); it != files.end(); ++it) {
        const qsizetype slash = it.key().indexOf(u'/');
        if (slash >= 0) {
            subdirs[it.key().left(slash)].insert(it.key().mid(slash + 1), it.value());
            continue;
        }
        git_oid blob;
        check(git_blob_create_from_buffer(&blob, repo, it.value().constData(),
                                          size_t(it.value().size())),
              "git_blob_create_from_buffer");
        // A name ending in ".sh" is committed executable.
        const git_filemode_t mode =
            it.key().endsWith(u".sh") ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
        check(git_treebuilder_insert(nullptr, builder, it.key().toUtf8().constData(), &blob, mode),
              "git_treebuilder_insert");
    }
    for (auto it = subdirs.begin(); it != subdirs.end(); ++it) {
        const git_oid tree = buildTree(repo, it.value());
        check(git_treebuilder_insert(nullptr, builder, it.key().toUtf8().constData(), &tree,
                                     GIT_FILEMODE_TREE),
              "git_treebuilder_insert");
    }
    git_oid oid;
    check(git_treebuilder_write(&oid, builder), "git_treebuilder_write");
    git_treebuilder_free(builder);
    return oid;
}

QString hex(const git_oid *oid)
{
    char buffer[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(buffer, sizeof buffer, oid);
    return QString::fromLatin1(buffer);
}

} // namespace

RemoteBuilder::RemoteBuilder(QString root) : m_root(std::move(root))
{
    git_libgit2_init();
    QDir().mkpath(m_root);
}

QString RemoteBuilder::create(const QString &name, const Files &files, const QString &branch)
{
    const QString path = m_root + u'/' + name + u".git"_s;
    git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    options.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
    const QByteArray head = branch.toUtf8();
    options.initial_head = head.constData();
    git_repository *repo = nullptr;
    check(git_repository_init_ext(&repo, QFile::encodeName(path).constData(), &options),
          "git_repository_init_ext");
    git_repository_free(repo);
    commit(path, files, branch, u"initial commit"_s);
    return path;
}

QString RemoteBuilder::commit(const QString &repoPath, const Files &files, const QString &branch,
                              const QString &message)
{
    git_repository *repo = nullptr;
    check(git_repository_open_bare(&repo, QFile::encodeName(repoPath).constData()),
          "git_repository_open_bare");
    const git_oid treeOid = buildTree(repo, files);
    git_tree *tree = nullptr;
    check(git_tree_lookup(&tree, repo, &treeOid), "git_tree_lookup");

    const QByteArray refName = "refs/heads/" + branch.toUtf8();
    git_oid parentOid;
    git_commit *parent = nullptr;
    if (git_reference_name_to_id(&parentOid, repo, refName.constData()) == 0 ||
        git_reference_name_to_id(&parentOid, repo, "HEAD") == 0) {
        check(git_commit_lookup(&parent, repo, &parentOid), "git_commit_lookup");
    }

    git_signature *sig = nullptr;
    check(git_signature_new(&sig, "grex tests", "tests@grex.invalid", m_clock++, 0),
          "git_signature_new");
    git_oid commitOid;
    const git_commit *parents[] = {parent};
    check(git_commit_create(&commitOid, repo, refName.constData(), sig, sig, "UTF-8",
                            message.toUtf8().constData(), tree, parent ? 1 : 0, parents),
          "git_commit_create");
    git_signature_free(sig);
    git_commit_free(parent);
    git_tree_free(tree);
    git_repository_free(repo);
    return hex(&commitOid);
}

void RemoteBuilder::tag(const QString &repoPath, const QString &name, const QString &sha)
{
    git_repository *repo = nullptr;
    check(git_repository_open_bare(&repo, QFile::encodeName(repoPath).constData()),
          "git_repository_open_bare");
    git_oid oid;
    check(git_oid_fromstr(&oid, sha.toLatin1().constData()), "git_oid_fromstr");
    git_object *target = nullptr;
    check(git_object_lookup(&target, repo, &oid, GIT_OBJECT_COMMIT), "git_object_lookup");
    git_oid tagOid;
    check(git_tag_create_lightweight(&tagOid, repo, name.toUtf8().constData(), target, 0),
          "git_tag_create_lightweight");
    git_object_free(target);
    git_repository_free(repo);
}

QString RemoteBuilder::tip(const QString &repoPath, const QString &branch) const
{
    git_repository *repo = nullptr;
    check(git_repository_open_bare(&repo, QFile::encodeName(repoPath).constData()),
          "git_repository_open_bare");
    git_oid oid;
    const QByteArray refName = "refs/heads/" + branch.toUtf8();
    check(git_reference_name_to_id(&oid, repo, refName.constData()), "git_reference_name_to_id");
    git_repository_free(repo);
    return hex(&oid);
}

QByteArray RemoteBuilder::packYaml(const QString &name, const QString &type,
                                   const QByteArray &extra)
{
    return "schema_version: \"1\"\nname: " + name.toUtf8() + "\ntype: " + type.toUtf8() + "\n" +
           extra;
}

RemoteBuilder::Files RemoteBuilder::packFiles(const QString &name, const QString &type,
                                              const QByteArray &extra)
{
    return {{u".grex/pack.yaml"_s, packYaml(name, type, extra)},
            {u"README.md"_s, "# " + name.toUtf8() + "\n"}};
}

} // namespace Grex::Test
