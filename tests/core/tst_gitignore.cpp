#include "core/fs/gitignore.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include "support/testfiles.h"

using namespace Grex;
using namespace Grex::Test;
using namespace Qt::StringLiterals;

namespace {

QByteArray up(const QByteArray &content, const QString &owner, const QStringList &body)
{
    Result<QByteArray> r = Gitignore::upsert(content, owner, body);
    if (!r.ok())
        qFatal("upsert failed: %s", qPrintable(r.error().text()));
    return *r;
}

} // namespace

// The managed .gitignore blocks (docs/design.md, "Managed .gitignore blocks").
class tst_Gitignore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void insertIntoEmpty()
    {
        QCOMPARE(up({}, u"a"_s, {u".grex-lock"_s, u"/a/"_s}),
                 QByteArray("# >>> grex:a >>>\n.grex-lock\n/a/\n# <<< grex:a <<<\n"));
    }

    void appendAfterUserContent()
    {
        QCOMPARE(up("node_modules/\n*.o", u"a"_s, {u"x"_s}),
                 QByteArray("node_modules/\n*.o\n# >>> grex:a >>>\nx\n# <<< grex:a <<<\n"));
    }

    void blocksCoexistInOrderAndUpdateInPlace()
    {
        QByteArray c = up("user\n", u"a"_s, {u"1"_s});
        c = up(c, u"b"_s, {u"2"_s});
        c += "tail\n";
        c = up(c, u"a"_s, {u"1"_s, u"1b"_s});
        QCOMPARE(c, QByteArray("user\n# >>> grex:a >>>\n1\n1b\n# <<< grex:a <<<\n"
                               "# >>> grex:b >>>\n2\n# <<< grex:b <<<\ntail\n"));
    }

    void removePreservesEverythingElse()
    {
        const QByteArray before = "head\n# >>> grex:a >>>\n1\n# <<< grex:a <<<\nmid\n"
                                  "# >>> grex:b >>>\n2\n# <<< grex:b <<<\n  tail without newline";
        const Result<QByteArray> after = Gitignore::remove(before, u"a"_s);
        QVERIFY(after.ok());
        QCOMPARE(*after, QByteArray("head\nmid\n# >>> grex:b >>>\n2\n# <<< grex:b <<<\n"
                                    "  tail without newline"));
        QCOMPARE(*Gitignore::remove(*after, u"missing"_s), *after);
    }

    void unclosedBlockIsAnError()
    {
        const QByteArray content = "x\n# >>> grex:a >>>\n1\n";
        for (const auto &r :
             {Gitignore::upsert(content, u"a"_s, {}), Gitignore::remove(content, u"a"_s)}) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().reason(), u"gitignore_unclosed_block"_s);
            QCOMPARE(r.error().details().value(u"line"_s).toInteger(), 2);
        }
        QVERIFY(!Gitignore::read(content, u"a"_s).ok());
        // Another owner's unclosed block does not stop this one.
        QVERIFY(Gitignore::upsert(content, u"b"_s, {}).ok());
    }

    void crlfIsPreserved()
    {
        const QByteArray c = up("user\r\n", u"a"_s, {u"1"_s});
        QCOMPARE(c, QByteArray("user\r\n# >>> grex:a >>>\r\n1\r\n# <<< grex:a <<<\r\n"));
        QCOMPARE(up(c, u"a"_s, {u"2"_s}),
                 QByteArray("user\r\n# >>> grex:a >>>\r\n2\r\n# <<< grex:a <<<\r\n"));
        QCOMPARE(*Gitignore::read(c, u"a"_s), std::optional<QStringList>(QStringList{u"1"_s}));
    }

    void markersMatchExactly()
    {
        // Trailing spaces or a different owner are user text, not grex markers.
        const QByteArray c = "# >>> grex:a >>> \n# >>> grex:ab >>>\n# <<< grex:ab <<<\n";
        QCOMPARE(*Gitignore::read(c, u"a"_s), std::optional<QStringList>());
        QCOMPARE(up(c, u"a"_s, {}), c + "# >>> grex:a >>>\n# <<< grex:a <<<\n");
    }

    void lastBlockWithoutFinalNewline()
    {
        const QByteArray c = "# >>> grex:a >>>\n1\n# <<< grex:a <<<";
        QCOMPARE(up(c, u"a"_s, {u"2"_s}), QByteArray("# >>> grex:a >>>\n2\n# <<< grex:a <<<"));
    }

    void patternsCannotBreakTheFile()
    {
        for (const QString &bad :
             {u"a\nb"_s, u"a\r"_s, u"# <<< grex:a <<<"_s, u"# >>> grex:other >>>"_s}) {
            const auto r = Gitignore::upsert("user\n", u"a"_s, {bad});
            QVERIFY(!r.ok());
            QCOMPARE(r.error().reason(), u"invalid_gitignore_pattern"_s);
        }
        QVERIFY(Gitignore::upsert({}, u"a"_s, {u"# a comment"_s, u"!keep"_s}).ok());
    }

    void ownerValidation()
    {
        for (const QString &bad : {u""_s, u"a<b"_s, u"a>b"_s, u"a\nb"_s, u"a\tb"_s}) {
            const auto r = Gitignore::upsert({}, bad, {});
            QVERIFY(!r.ok());
            QCOMPARE(r.error().reason(), u"invalid_block_owner"_s);
        }
        QVERIFY(Gitignore::validateOwner(u"_workspace"_s).ok());
    }

    void packBody()
    {
        QCOMPARE(Gitignore::packBody(u"fonts"_s, {u"*.tmp"_s, u".grex-lock"_s, u"*.tmp"_s}),
                 (QStringList{u".grex-lock"_s, u"/fonts/"_s, u"*.tmp"_s}));
        QCOMPARE(Gitignore::workspaceBody(),
                 (QStringList{u".grex.lock"_s, u".grex.sync.lock"_s, u".grex-backend-*.lock"_s,
                              u".grex-trash-*"_s, u"grex.journal.jsonl"_s, u"/.grex-tasks/"_s}));
        // A pack path is literal, not a glob.
        QCOMPARE(Gitignore::packBody(u"v[12]*?"_s).at(1), u"/v\\[12\\]\\*\\?/"_s);
    }

    void fileUpsertIsIdempotentAndSkipsIdenticalWrites()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".gitignore"_s);
        QVERIFY(Gitignore::upsertBlock(path, u"a"_s, {u"1"_s}).ok());
        const QByteArray once = readFile(path);
        const QDateTime mtime = QFileInfo(path).lastModified();
        QTest::qWait(20);
        QVERIFY(Gitignore::upsertBlock(path, u"a"_s, {u"1"_s}).ok());
        QCOMPARE(readFile(path), once);
        QCOMPARE(QFileInfo(path).lastModified(), mtime);
        QVERIFY(Gitignore::removeBlock(path, u"a"_s).ok());
        QCOMPARE(readFile(path), QByteArray());
        QVERIFY(Gitignore::removeBlock(dir.filePath(u"missing"_s), u"a"_s).ok());
        QVERIFY(!QFile::exists(dir.filePath(u"missing"_s)));
    }

    // The batch a sync writes: checked in one pass, written only when a block changed, and
    // held to the same rules as single upserts.
    void batchUpsertWritesOnlyChanges()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".gitignore"_s);
        QVERIFY(writeFile(path, "user\n# >>> grex:b >>>\nold\n# <<< grex:b <<<\n"));
        const QList<std::pair<QString, QStringList>> blocks{{u"a"_s, {u"1"_s}},
                                                            {u"b"_s, {u"2"_s, u"3"_s}}};
        QVERIFY(Gitignore::upsertBlocks(path, blocks).ok());
        const QByteArray written = readFile(path);
        QCOMPARE(written, QByteArray("user\n# >>> grex:b >>>\n2\n3\n# <<< grex:b <<<\n"
                                     "# >>> grex:a >>>\n1\n# <<< grex:a <<<\n"));
        const QDateTime mtime = QFileInfo(path).lastModified();
        QTest::qWait(20);
        QVERIFY(Gitignore::upsertBlocks(path, blocks).ok());
        QCOMPARE(QFileInfo(path).lastModified(), mtime);

        // A marker inside a longer line, or a second copy after the first, is not the block.
        QVERIFY(writeFile(path, "x# >>> grex:a >>>\n# >>> grex:a >>>\n0\n# <<< grex:a <<<\n"
                                "# >>> grex:a >>>\n1\n# <<< grex:a <<<\n"));
        QVERIFY(Gitignore::upsertBlocks(path, {{u"a"_s, {u"1"_s}}}).ok());
        QCOMPARE(readFile(path), QByteArray("x# >>> grex:a >>>\n# >>> grex:a >>>\n1\n"
                                            "# <<< grex:a <<<\n# >>> grex:a >>>\n1\n"
                                            "# <<< grex:a <<<\n"));

        // A pattern that may not be written is refused even where the file already has it.
        QVERIFY(writeFile(path, "# >>> grex:a >>>\n# <<< grex:z\n# <<< grex:a <<<\n"));
        const Result<void> refused = Gitignore::upsertBlocks(path, {{u"a"_s, {u"# <<< grex:z"_s}}});
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().reason(), u"invalid_gitignore_pattern"_s);
    }

    // The batch is written in one pass over the file, and gives what upserting its blocks one
    // after the other gives: on random files with user lines, blocks to replace, CRLF, no final
    // newline, an owner named twice and blocks that overlap (which fall back to one by one).
    void batchUpsertEqualsOneByOne()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u".gitignore"_s);
        QRandomGenerator rng(11);
        const QStringList owners{u"a"_s, u"b"_s, u"c"_s, u"d"_s};
        for (int round = 0; round < 400; ++round) {
            const QByteArray eol = rng.bounded(2) ? "\r\n" : "\n";
            QByteArray content;
            for (int i = int(rng.bounded(0, 6)); i > 0; --i) {
                const QString owner = owners.at(int(rng.bounded(owners.size())));
                switch (rng.bounded(4)) {
                case 0:
                    content += "user-" + QByteArray::number(i) + eol;
                    break;
                case 1: // an open marker whose close comes later, maybe after another block
                    content += "# >>> grex:" + owner.toUtf8() + " >>>" + eol;
                    break;
                default:
                    content += "# >>> grex:" + owner.toUtf8() + " >>>" + eol + "old" + eol +
                               "# <<< grex:" + owner.toUtf8() + " <<<" + eol;
                }
            }
            if (rng.bounded(3) == 0 && content.endsWith(eol))
                content.chop(eol.size());
            QList<std::pair<QString, QStringList>> blocks;
            for (int i = int(rng.bounded(1, 5)); i > 0; --i) {
                blocks.append({owners.at(int(rng.bounded(owners.size()))),
                               {u"p"_s + QString::number(round), u"q"_s + QString::number(i)}});
            }
            QByteArray expected = content;
            std::optional<QString> expectedError;
            for (const auto &[owner, body] : blocks) {
                const Result<QByteArray> next = Gitignore::upsert(expected, owner, body);
                if (!next) {
                    expectedError = next.error().reason();
                    break;
                }
                expected = *next;
            }
            QVERIFY(writeFile(path, content));
            const Result<void> written = Gitignore::upsertBlocks(path, blocks);
            if (expectedError) {
                QVERIFY2(!written.ok(), content.constData());
                QCOMPARE(written.error().reason(), *expectedError);
                QCOMPARE(readFile(path), content);
            } else {
                QVERIFY2(written.ok(), content.constData());
                QCOMPARE(readFile(path), expected);
            }
        }
    }

    // Random user content and add/rm sequences never touch user lines.
    void userLinesSurviveRandomSequences()
    {
        QRandomGenerator rng(7);
        for (int round = 0; round < 300; ++round) {
            QList<QByteArray> userLines;
            const int n = int(rng.bounded(0, 6));
            for (int i = 0; i < n; ++i)
                userLines.append("user-" + QByteArray::number(round) + "-" + QByteArray::number(i));
            const QByteArray eol = rng.bounded(2) ? "\r\n" : "\n";
            QByteArray content = userLines.join(eol);
            if (!content.isEmpty())
                content += eol;
            QSet<QString> owners;
            for (int step = 0; step < 12; ++step) {
                const QString owner = u"p%1"_s.arg(rng.bounded(4));
                if (rng.bounded(3)) {
                    const QStringList body = Gitignore::packBody(owner, {u"x%1"_s.arg(step)});
                    const QByteArray once = up(content, owner, body);
                    QCOMPARE(up(once, owner, body), once); // idempotent
                    content = once;
                    owners.insert(owner);
                } else {
                    content = *Gitignore::remove(content, owner);
                    owners.remove(owner);
                }
            }
            for (const QString &owner : owners)
                content = *Gitignore::remove(content, owner);
            QCOMPARE(content, userLines.isEmpty() ? QByteArray() : userLines.join(eol) + eol);
        }
    }
};

QTEST_GUILESS_MAIN(tst_Gitignore)
#include "tst_gitignore.moc"
