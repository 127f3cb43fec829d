#include "core/engine/globs.h"
#include "core/engine/packfilter.h"
#include "core/engine/packgraph.h"
#include "core/error.h"

#include <QTest>

using namespace Grex;
using namespace Qt::StringLiterals;

namespace {

FilterSubject subject(const QString &name, const QString &type = u"declarative"_s, int depth = 0,
                      std::optional<QString> drift = std::nullopt)
{
    FilterSubject s;
    s.name = name;
    s.path = name;
    s.type = type;
    s.url = u"/remotes/"_s + name + u".git"_s;
    s.depth = depth;
    s.drift = std::move(drift);
    return s;
}

// A subject with only a name and a path.
FilterSubject named(const QString &name, const QString &path = QString())
{
    FilterSubject subject;
    subject.name = name;
    subject.path = path;
    return subject;
}

PackFilter parsed(const QString &expression)
{
    const Result<PackFilter> r = PackFilter::parse(expression);
    if (!r.ok())
        qFatal("filter '%s' did not parse: %s", qPrintable(expression),
               qPrintable(r.error().text()));
    return r.value();
}

} // namespace

class tst_PackFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyMatchesEverything_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::newRow("empty") << QString();
        QTest::newRow("spaces") << u"   "_s;
        QTest::newRow("tabs and newlines") << u"\t \n "_s;
    }

    void emptyMatchesEverything()
    {
        QFETCH(QString, expression);
        const PackFilter filter = parsed(expression);
        QVERIFY(filter.isEmpty());
        QVERIFY(!filter.usesDrift());
        QVERIFY(filter.matches(subject(u"alpha"_s)));
        QVERIFY(filter.matches(subject(u"beta"_s, u"meta"_s, 3, u"dirty"_s)));
        QVERIFY(PackFilter().matches(subject(u"x"_s)));
    }

    void grammar_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QStringList>("matching"); // of alpha, beta, gamma, sub/delta

        const auto row = [](const char *name, const QString &expression,
                            const QStringList &matching) {
            QTest::newRow(name) << expression << matching;
        };
        // alpha: declarative, depth 0, clean; beta: meta, depth 1, dirty; gamma: scripted,
        // depth 2, no drift computed; sub/delta (path), name delta: declarative, depth 0, missing.
        row("name glob", u"name=a*"_s, {u"alpha"_s});
        row("name exact", u"name=beta"_s, {u"beta"_s});
        row("name ?", u"name=?eta"_s, {u"beta"_s});
        row("name set", u"name=[ab]*"_s, {u"alpha"_s, u"beta"_s});
        row("name negated set", u"name=[!ab]*"_s, {u"gamma"_s, u"delta"_s});
        row("name alternatives", u"name=alpha|gam*"_s, {u"alpha"_s, u"gamma"_s});
        row("name not", u"name!=alpha|beta"_s, {u"gamma"_s, u"delta"_s});
        row("name braces", u"name={alpha,beta}"_s, {u"alpha"_s, u"beta"_s});
        row("name braces then term", u"name={alpha,beta},type=meta"_s, {u"beta"_s});
        row("name bracket comma", u"name=[,a]*"_s, {u"alpha"_s});
        row("a | inside braces is not an alternative", u"name={alpha|x,beta}"_s, {u"beta"_s});
        row("an escaped | is not an alternative", u"name=alpha\\|beta"_s, {});
        row("name is case-sensitive", u"name=ALPHA"_s, {});
        row("path star stops at slash", u"path=*"_s, {u"alpha"_s, u"beta"_s, u"gamma"_s});
        row("path double star", u"path=**"_s, {u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s});
        row("path subdir", u"path=sub/*"_s, {u"delta"_s});
        row("url glob", u"url=**/beta.git"_s, {u"beta"_s});
        row("url star stops at slash", u"url=*/beta.git"_s, {});
        row("url alternatives", u"url=**/alpha.git|**/gamma.git"_s, {u"alpha"_s, u"gamma"_s});
        row("type", u"type=declarative"_s, {u"alpha"_s, u"delta"_s});
        row("type alternatives", u"type=meta|scripted"_s, {u"beta"_s, u"gamma"_s});
        row("type is exact, not a glob", u"type=decl*"_s, {});
        row("type not", u"type!=declarative"_s, {u"beta"_s, u"gamma"_s});
        row("kind alias", u"kind=meta"_s, {u"beta"_s});
        row("depth =", u"depth=1"_s, {u"beta"_s});
        row("depth !=", u"depth!=0"_s, {u"beta"_s, u"gamma"_s});
        row("depth >=", u"depth>=1"_s, {u"beta"_s, u"gamma"_s});
        row("depth <=", u"depth<=1"_s, {u"alpha"_s, u"beta"_s, u"delta"_s});
        row("depth range", u"depth>=1,depth<=1"_s, {u"beta"_s});
        row("drift", u"drift=dirty|missing"_s, {u"beta"_s, u"delta"_s});
        row("drift clean", u"drift=clean"_s, {u"alpha"_s});
        row("drift not", u"drift!=clean"_s, {u"beta"_s, u"gamma"_s, u"delta"_s});
        row("and", u"type=declarative,depth=0,name=a*"_s, {u"alpha"_s});
        row("and nothing", u"type=meta,depth=0"_s, {});
        row("whitespace", u"  name = alpha | beta ,  type = meta  "_s, {u"beta"_s});
        row("whitespace around >=", u"depth >= 2"_s, {u"gamma"_s});
        row("tabs", u"\tkind\t=\tscripted\t"_s, {u"gamma"_s});
        // alpha: work, home; beta: work; gamma and delta: none.
        row("tag", u"tag=work"_s, {u"alpha"_s, u"beta"_s});
        row("tag alternatives", u"tag=home|none"_s, {u"alpha"_s});
        row("tag is case-sensitive", u"tag=Work"_s, {});
        row("no tag", u"tag!=work"_s, {u"gamma"_s, u"delta"_s});
        row("tag and type", u"tag=work,type=meta"_s, {u"beta"_s});
    }

    void grammar()
    {
        QFETCH(QString, expression);
        QFETCH(QStringList, matching);
        const PackFilter filter = parsed(expression);
        QVERIFY(!filter.isEmpty());
        QCOMPARE(filter.expression(), expression);
        FilterSubject delta = subject(u"delta"_s, u"declarative"_s, 0, u"missing"_s);
        delta.path = u"sub/delta"_s;
        FilterSubject alpha = subject(u"alpha"_s, u"declarative"_s, 0, u"clean"_s);
        alpha.tags = {u"home"_s, u"work"_s};
        FilterSubject beta = subject(u"beta"_s, u"meta"_s, 1, u"dirty"_s);
        beta.tags = {u"work"_s};
        const QList<FilterSubject> all{alpha, beta, subject(u"gamma"_s, u"scripted"_s, 2), delta};
        QStringList matched;
        for (const FilterSubject &s : all) {
            if (filter.matches(s))
                matched.append(s.name);
        }
        QCOMPARE(matched, matching);
    }

    // Every verb builds a pack's subject with filterSubject: the root pack, which has no
    // workspace path, is matched by path= on its directory, and drift kinds come from one place.
    void subjectOfANode()
    {
        PackNode root;
        root.id = u"dotfiles"_s;
        root.dir = u"/home/me/dotfiles"_s;
        root.isRoot = true;
        PackNode child;
        child.id = child.path = u"lib-a"_s;
        child.dir = u"/home/me/dotfiles/.grex/workspace/lib-a"_s;
        child.depth = 1;
        const QHash<QString, QString> drift{{u"lib-a"_s, u"dirty,behind"_s}};

        const Result<PackFilter> byPath = PackFilter::parse(u"path=/home/me/*"_s);
        QVERIFY(byPath);
        QVERIFY(byPath->matches(filterSubject(root, drift)));
        QVERIFY(!byPath->matches(filterSubject(child, drift)));
        QCOMPARE(filterPath(child), u"lib-a"_s);

        const Result<PackFilter> behind = PackFilter::parse(u"drift=behind"_s);
        QVERIFY(behind);
        QVERIFY(behind->matches(filterSubject(child, drift)));
        QVERIFY(!behind->matches(filterSubject(root, drift))); // not computed for it
        const FilterSubject listed =
            FilterSubject{u"lib-a"_s, u"lib-a"_s, {}, {}, 1, {}, {}, {}}.withDrifts(
                QStringList{u"dirty"_s, u"behind"_s});
        QCOMPARE(listed.drift, std::optional<QString>(u"dirty"_s));
        QCOMPARE(listed.alsoDrifts, QStringList{u"behind"_s});
    }

    void usesDrift()
    {
        QVERIFY(parsed(u"drift=dirty"_s).usesDrift());
        QVERIFY(parsed(u"name=a, drift!=clean"_s).usesDrift());
        QVERIFY(!parsed(u"name=a,type=meta,depth>=0,url=*,path=*"_s).usesDrift());
    }

    // A term without an operator is a word people type into a search field: the packs whose
    // name or path contains it, ignoring case, and it combines with key=value terms.
    void words()
    {
        const FilterSubject tool = named(u"tool-fd"_s, u"src/tool-fd"_s);
        const FilterSubject api = named(u"api"_s, u"services/API-gateway"_s);
        QVERIFY(parsed(u"tool-"_s).matches(tool));
        QVERIFY(!parsed(u"tool-"_s).matches(api));
        QVERIFY(parsed(u"  api-GATE "_s).matches(api)); // the path, any case
        QVERIFY(parsed(u"name"_s).matches(named(u"rename"_s)));
        QVERIFY(!parsed(u"tool, name=api"_s).matches(tool));
        QVERIFY(parsed(u"tool, path=src/*"_s).matches(tool));
        QVERIFY(!parsed(u"tool-"_s).usesDrift());
    }

    // The window selects packs by id with name=: an id with glob or filter characters in it
    // matches itself only.
    void literalNames()
    {
        for (const QString &id :
             {u"we*ird"_s, u"a,b|c"_s, u"x[1]"_s, u"{a,b}"_s, u"back\\slash"_s, u"no!"_s}) {
            const PackFilter filter = parsed(u"name="_s + globLiteral(id) + u"|other"_s);
            QVERIFY2(filter.matches(named(id)), qPrintable(id));
            QVERIFY2(!filter.matches(named(id + u"x"_s)), qPrintable(id));
            QVERIFY(filter.matches(named(u"other"_s)));
        }
        QVERIFY(!parsed(u"name="_s + globLiteral(u"we*ird"_s)).matches(named(u"weXird"_s)));
    }

    void driftKinds()
    {
        QCOMPARE(PackFilter::driftKinds(),
                 (QStringList{u"broken"_s, u"missing"_s, u"fetch_failed"_s, u"dirty"_s,
                              u"upstream_gone"_s, u"rewritten"_s, u"diverged"_s, u"off_branch"_s,
                              u"stale"_s, u"behind"_s, u"ahead"_s, u"clean"_s, u"untracked"_s,
                              u"untracked_files"_s}));
        for (const QString &kind : PackFilter::driftKinds())
            QVERIFY(parsed(u"drift="_s + kind).matches(subject(u"x"_s, u"meta"_s, 0, kind)));
    }

    // Each bad expression: Usage "invalid_filter" pointing at the 0-based column of the error.
    void errors_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("mentions"); // a piece of the message

        QTest::newRow("unknown key") << u"nmae=x"_s << 0 << u"did you mean 'name'"_s;
        QTest::newRow("unknown key, second term") << u"type=meta, nmae=x"_s << 11 << u"'name'"_s;
        QTest::newRow("unknown key, leading space") << u"  dritf=dirty"_s << 2 << u"'drift'"_s;
        QTest::newRow("unknown key, kidn") << u"kidn=meta"_s << 0 << u"'kind'"_s;
        QTest::newRow("unknown key, no suggestion")
            << u"colour=red"_s << 0 << u"keys: name, path, type, depth, url, drift, tag"_s;
        QTest::newRow("unknown key, tga") << u"tga=x"_s << 0 << u"did you mean 'tag'"_s;
        QTest::newRow("a tag is not a glob") << u"tag=wor*"_s << 4 << u"holds only letters"_s;
        QTest::newRow("bad tag") << u"tag=a b"_s << 4 << u"invalid tag 'a b'"_s;
        QTest::newRow("bad tag alternative") << u"tag=ok|-x"_s << 7 << u"starts with a letter"_s;
        QTest::newRow("no key") << u"=x"_s << 0 << u"expected a key"_s;
        QTest::newRow("missing operator") << u"name!alpha"_s << 4 << u"expected one of"_s;
        QTest::newRow("a word, then a bad term") << u"tool-, nmae=x"_s << 7 << u"'name'"_s;
        QTest::newRow("single <") << u"depth<1"_s << 5 << u"expected one of"_s;
        QTest::newRow(">= on name") << u"name>=a"_s << 4 << u"works only with depth"_s;
        QTest::newRow("<= on type")
            << u"name=a, type <= meta"_s << 13 << u"works only with depth"_s;
        QTest::newRow("missing value") << u"name="_s << 5 << u"missing value"_s;
        QTest::newRow("missing value, then a term")
            << u"name=  ,type=meta"_s << 7 << u"missing value"_s;
        QTest::newRow("missing value after !=") << u"depth!= "_s << 8 << u"missing value"_s;
        QTest::newRow("trailing comma") << u"name=a,"_s << 6 << u"must follow ','"_s;
        QTest::newRow("trailing comma and space") << u"name=a ,  "_s << 7 << u"must follow ','"_s;
        QTest::newRow("double comma") << u"name=a,,type=meta"_s << 7 << u"expected a key"_s;
        QTest::newRow("bad drift") << u"drift=dirt"_s << 6 << u"did you mean 'dirty'"_s;
        QTest::newRow("bad drift alternative")
            << u"drift=clean|stal"_s << 12 << u"did you mean 'stale'"_s;
        QTest::newRow("bad drift, no suggestion")
            << u"drift=wobbly"_s << 6 << u"drift is one of broken, missing"_s;
        QTest::newRow("bad depth") << u"depth=x"_s << 6 << u"whole number"_s;
        QTest::newRow("negative depth") << u"depth>=-1"_s << 7 << u"whole number"_s;
        QTest::newRow("fractional depth") << u"depth <= 1.5"_s << 9 << u"whole number"_s;
        QTest::newRow("depth alternatives") << u"depth=1|2"_s << 6 << u"whole number"_s;
        QTest::newRow("empty alternative") << u"name=a||b"_s << 6 << u"empty alternative"_s;
        QTest::newRow("leading |") << u"type=|meta"_s << 5 << u"empty alternative"_s;
        QTest::newRow("bad glob") << u"name=[abc"_s << 5 << u"invalid glob"_s;
        QTest::newRow("bad glob alternative") << u"path=ok|{a,b"_s << 8 << u"invalid glob"_s;
    }

    void errors()
    {
        QFETCH(QString, expression);
        QFETCH(int, position);
        QFETCH(QString, mentions);
        const Result<PackFilter> r = PackFilter::parse(expression);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind(), ErrorKind::Usage);
        QCOMPARE(r.error().reason(), u"invalid_filter"_s);
        QCOMPARE(r.error().details().value(u"position"_s).toInteger(-1), qint64(position));
        QCOMPARE(r.error().details().value(u"expression"_s).toString(), expression);
        const QString message = r.error().message().text();
        QVERIFY2(message.contains(mentions), qPrintable(message));
        // The expression on its own line, the caret under the column (1-based in the text).
        QVERIFY2(message.contains(u"column %1"_s.arg(position + 1)), qPrintable(message));
        QVERIFY2(
            message.endsWith(u"\n  "_s + expression + u"\n  "_s + QString(position, u' ') + u'^'),
            qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(tst_PackFilter)
#include "tst_packfilter.moc"
