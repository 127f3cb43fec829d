#include "core/fs/atomicwrite.h"
#include "support/grexrunner.h"
#include "support/testfiles.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include <csignal>
#include <sys/stat.h>

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class tst_AtomicWrite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createsAndReplaces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.txt"_s);
        QVERIFY(atomicWrite(path, "one").ok());
        QCOMPARE(readFile(path), QByteArray("one"));
        QVERIFY(atomicWrite(path, "two").ok());
        QCOMPARE(readFile(path), QByteArray("two"));
        QCOMPARE(entries(dir.path()), QStringList{u"f.txt"_s}); // no temp files left behind
    }

    // Written in pieces, small and large: the target keeps its old bytes until commit(), the
    // closed temp file holds the new ones, and a file not committed leaves nothing behind.
    void writesInPieces()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f.txt"_s);
        QVERIFY(atomicWrite(path, "old").ok());
        QByteArray expected;
        {
            AtomicFile file(path);
            QVERIFY(file.open().ok());
            for (int i = 0; i < 5000; ++i) {
                const QByteArray line = QByteArray::number(i) + '\n';
                file.write(line);
                expected += line;
            }
            const QByteArray large(200 * 1024, 'x');
            file.write(large);
            expected += large;
            file.write("end\n");
            expected += "end\n";
            QVERIFY(file.close().ok());
            QCOMPARE(readFile(file.tempPath()), expected);
            QCOMPARE(readFile(path), QByteArray("old"));
            QCOMPARE(entries(dir.path()).size(), 2);
        }
        QCOMPARE(readFile(path), QByteArray("old"));
        QCOMPARE(entries(dir.path()), QStringList{u"f.txt"_s});

        AtomicFile file(path);
        QVERIFY(file.open().ok());
        file.write(expected);
        QVERIFY(file.commit().ok());
        QCOMPARE(readFile(path), expected);
        QCOMPARE(entries(dir.path()), QStringList{u"f.txt"_s});
    }

    void keepsPermissions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f"_s);
        QVERIFY(writeFile(path, "x"));
        ::chmod(QFile::encodeName(path).constData(), 0640);
        QVERIFY(atomicWrite(path, "y").ok());
        struct stat st
        {
        };
        ::stat(QFile::encodeName(path).constData(), &st);
        QCOMPARE(int(st.st_mode & 0777), 0640);
    }

    void writesThroughASymlink()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(u"real"_s);
        const QString link = dir.filePath(u"link"_s);
        QVERIFY(writeFile(real, "old"));
        QVERIFY(QFile::link(real, link));
        QVERIFY(atomicWrite(link, "new").ok());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readFile(real), QByteArray("new"));
    }

    void directoryTargetFailsCleanly()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(u"d"_s);
        QVERIFY(QDir().mkdir(target));
        const Result<void> r = atomicWrite(target, "x");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"is_directory"_s);
        QVERIFY(QFileInfo(target).isDir());
        QCOMPARE(entries(dir.path()), QStringList());
    }

    void readOnlyTargetIsKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ro"_s);
        QVERIFY(writeFile(path, "keep"));
        ::chmod(QFile::encodeName(path).constData(), 0444);
        const Result<void> r = atomicWrite(path, "lost");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().reason(), u"read_only"_s);
        QCOMPARE(readFile(path), QByteArray("keep"));
    }

    void unwritableDirectoryFailsCleanly()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f"_s);
        QVERIFY(writeFile(path, "keep"));
        // A directory of the same name as the temp file's parent does not exist: write into a
        // path whose parent is a file.
        const Result<void> r = atomicWrite(path + u"/child"_s, "x");
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::PackOp);
        QCOMPARE(readFile(path), QByteArray("keep"));
    }

    void unicodePaths()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"ünï 日本 😀.jsonl"_s);
        QVERIFY(atomicWrite(path, "u").ok());
        QCOMPARE(readFile(path), QByteArray("u"));
    }

    void concurrentWritersProduceOneWinner()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f"_s);
        QList<QByteArray> contents;
        for (int i = 0; i < 16; ++i)
            contents.append(QByteArray(64 * 1024, char('a' + i)));
        QList<QFuture<bool>> futures;
        for (const QByteArray &c : contents)
            futures.append(QtConcurrent::run([path, c] { return atomicWrite(path, c).ok(); }));
        for (QFuture<bool> &f : futures)
            QVERIFY(f.result());
        QVERIFY(contents.contains(readFile(path)));
        QCOMPARE(entries(dir.path()), QStringList{u"f"_s});
    }

    // A writer killed at random moments leaves the old or the new content, never a mix.
    void killedWriterLeavesWholeContent()
    {
        QRandomGenerator rng(17);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"f"_s);
        constexpr int size = 256 * 1024;
        for (int trial = 0; trial < 5; ++trial) {
            QProcess writer;
            writer.start(Test::helperBinary(), {u"atomic-loop"_s, path, QString::number(size)});
            QVERIFY(writer.waitForReadyRead(10000));
            QTest::qWait(int(rng.bounded(10, 120)));
            signalProcess(writer, SIGKILL);
            writer.waitForFinished();
            const QByteArray content = readFile(path);
            QCOMPARE(content.size(), size);
            QVERIFY(content == QByteArray(size, 'a') || content == QByteArray(size, 'b'));
        }
    }
};

QTEST_GUILESS_MAIN(tst_AtomicWrite)
#include "tst_atomicwrite.moc"
