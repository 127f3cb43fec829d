#pragma once

#include <QByteArray>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace Grex::Test {

// The bytes of a file; empty when it cannot be read.
QByteArray readFile(const QString &path);
// Creates or replaces a file; returns false when it cannot be written.
bool writeFile(const QString &path, const QByteArray &bytes);
// Every entry below dir (hidden ones too) with its bytes, directories as "<dir>": two equal
// snapshots mean nothing under dir changed.
QMap<QString, QByteArray> snapshot(const QString &dir);
// Sends signal to process while it runs; false, sending nothing, once it has ended: its pid is
// then 0, and kill(0, …) would reach this test's whole process group (ctest included).
bool signalProcess(const QProcess &process, int signal);
// The snapshot with the `denied` records of grex.jsonl left out, and how many there were: a
// refused destructive verb records its refusal and changes nothing else.
// The approval records of a grex.jsonl (approved, denied, granted, revoked), each as
// "OP BY CLIENT"; the parser grex reads them with takes only records with a time.
QStringList decisionsIn(const QString &manifestPath);
QMap<QString, QByteArray> withoutDenials(QMap<QString, QByteArray> files, int *denials = nullptr);
// Runs the git CLI in dir (with a fixed identity) and returns its stdout, trimmed; a failure
// stops the test program.
QString runGit(const QString &dir, const QStringList &args);
// Gives the git grex runs the identity a person's git config would (GIT_AUTHOR_NAME and its
// kin), for the verbs that commit.
void useTestIdentity();

} // namespace Grex::Test
