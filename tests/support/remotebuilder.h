#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>

namespace Grex::Test {

// Builds local bare git repositories with libgit2, to serve as "remotes" in tests (no network).
// Commits are deterministic: a fixed author and a clock that advances one second per commit.
class RemoteBuilder
{
public:
    using Files = QMap<QString, QByteArray>; // "dir/file" -> content

    explicit RemoteBuilder(QString root);

    // Creates <root>/<name>.git with one commit on `branch` holding `files`. Returns its path.
    QString create(const QString &name, const Files &files,
                   const QString &branch = QStringLiteral("main"));
    // Commits a full snapshot of `files` on `branch` (a new branch starts from HEAD's commit).
    // Returns the commit's SHA.
    QString commit(const QString &repo, const Files &files,
                   const QString &branch = QStringLiteral("main"),
                   const QString &message = QStringLiteral("update"));
    // A lightweight tag at `sha`.
    void tag(const QString &repo, const QString &name, const QString &sha);
    QString tip(const QString &repo, const QString &branch = QStringLiteral("main")) const;

    // A minimal valid pack.yaml.
    static QByteArray packYaml(const QString &name, const QString &type,
                               const QByteArray &extra = {});
    // The files of a pack repository: .grex/pack.yaml and a README.
    static Files packFiles(const QString &name, const QString &type = QStringLiteral("declarative"),
                           const QByteArray &extra = {});

private:
    QString m_root;
    qint64 m_clock = 1767225600; // 2026-01-01T00:00:00Z
};

} // namespace Grex::Test
