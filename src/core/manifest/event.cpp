#include "core/manifest/event.h"

#include "core/naming.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Grex {

namespace {

// Each op's word in grex.jsonl and whether it only records what happened (an action's run, a
// decision) and changes no pack: such events live in the journal, and the fold passes them by.
struct OpRow
{
    EventOp op;
    const char *word;
    bool auditOnly;
};

constexpr OpRow kOps[] = {
    {EventOp::Add, "add", false},
    {EventOp::Update, "update", false},
    {EventOp::Tag, "tag", false},
    {EventOp::Rm, "rm", false},
    {EventOp::Sync, "sync", false},
    {EventOp::ActionStarted, "action_started", true},
    {EventOp::ActionCompleted, "action_completed", true},
    {EventOp::ActionHalted, "action_halted", true},
    {EventOp::Approved, "approved", true},
    {EventOp::Denied, "denied", true},
    {EventOp::Granted, "granted", true},
    {EventOp::Revoked, "revoked", true},
    {EventOp::TaskStarted, "task_started", true},
    {EventOp::TaskPack, "task_pack", true},
    {EventOp::TaskPushed, "task_pushed", true},
    {EventOp::TaskEnded, "task_ended", true},
};

const OpRow *rowOf(EventOp op)
{
    for (const OpRow &row : kOps) {
        if (row.op == op)
            return &row;
    }
    return nullptr;
}

} // namespace

QString eventOpName(EventOp op)
{
    const OpRow *row = rowOf(op);
    return row ? QString::fromLatin1(row->word) : QString();
}

bool isAuditOnly(EventOp op)
{
    const OpRow *row = rowOf(op);
    return row && row->auditOnly;
}

const EventExtra &Event::noExtra()
{
    static const EventExtra none;
    return none;
}

EventExtra &Event::mutableExtra()
{
    if (!sharedExtra)
        sharedExtra = std::make_shared<EventExtra>();
    else if (sharedExtra.use_count() > 1)
        sharedExtra = std::make_shared<EventExtra>(*sharedExtra); // copies share until written
    return *sharedExtra;
}

void Event::setExtra(const EventExtra &extra)
{
    if (extra == noExtra())
        sharedExtra.reset();
    else
        sharedExtra = std::make_shared<EventExtra>(extra);
}

Event Event::add(const QString &id, const QString &url, const QString &path, const QString &type,
                 const std::optional<QString> &ref, Timestamp ts)
{
    Event e{.op = EventOp::Add, .ts = ts, .id = id, .url = url, .path = path, .type = type};
    if (ref)
        e.mutableExtra().ref = ref;
    return e;
}

Event Event::update(const QString &id, const QString &field, const std::optional<QString> &value,
                    Timestamp ts)
{
    Event e{.op = EventOp::Update, .ts = ts, .id = id};
    e.mutableExtra().field = field;
    e.mutableExtra().value = value;
    return e;
}

Event Event::tag(const QString &id, const QStringList &add, const QStringList &remove,
                 Timestamp ts)
{
    Event e{.op = EventOp::Tag, .ts = ts, .id = id};
    e.mutableExtra().tags = add;
    e.mutableExtra().untags = remove;
    return e;
}

Event Event::rm(const QString &id, Timestamp ts)
{
    return Event{.op = EventOp::Rm, .ts = ts, .id = id};
}

Event Event::sync(const QString &id, const QString &sha, Timestamp ts)
{
    return Event{.op = EventOp::Sync, .ts = ts, .id = id, .sha = sha};
}

Event Event::actionStarted(const QString &pack, qint64 idx, const QString &name, Timestamp ts)
{
    Event e{.op = EventOp::ActionStarted, .ts = ts, .id = pack};
    e.mutableExtra().actionIdx = idx;
    e.mutableExtra().actionName = name;
    return e;
}

Event Event::actionCompleted(const QString &pack, qint64 idx, const QString &resultSummary,
                             Timestamp ts)
{
    Event e{.op = EventOp::ActionCompleted, .ts = ts, .id = pack};
    e.mutableExtra().actionIdx = idx;
    e.mutableExtra().resultSummary = resultSummary;
    return e;
}

Event Event::actionHalted(const QString &pack, qint64 idx, const QString &name,
                          const QString &errorSummary, Timestamp ts)
{
    Event e{.op = EventOp::ActionHalted, .ts = ts, .id = pack};
    EventExtra &x = e.mutableExtra();
    x.actionIdx = idx;
    x.actionName = name;
    x.errorSummary = errorSummary;
    return e;
}

Event Event::approved(const QString &verb, const QStringList &packs, const QString &command,
                      const QString &by, const QString &client, Timestamp ts)
{
    Event e{.op = EventOp::Approved, .ts = ts};
    EventExtra &x = e.mutableExtra();
    x.verb = verb;
    x.packs = packs.mid(0, kMaxApprovedPacks);
    x.packCount = packs.size();
    x.command = command.size() > 512 ? command.left(500) + u"…[truncated]"_s : command;
    x.approvedBy = by;
    // A client names itself: a long name must not keep the approval out of the log.
    x.client = client.size() > 128 ? client.left(120) + u"…[truncated]"_s : client;
    return e;
}

Event Event::denied(const QString &verb, const QStringList &packs, const QString &command,
                    const QString &by, const QString &client, const QString &reason, Timestamp ts)
{
    Event e = approved(verb, packs, command, by, client, ts);
    e.op = EventOp::Denied;
    e.mutableExtra().reason = reason.size() > 256 ? reason.left(240) + u"…[truncated]"_s : reason;
    return e;
}

Event Event::grant(EventOp op, const QString &tool, const QString &client, const QString &by,
                   Timestamp ts)
{
    Event e = approved(tool, {}, {}, by, client, ts);
    e.op = op;
    return e;
}

Event Event::taskStarted(const QString &task, const QString &branch, Timestamp ts)
{
    Event e{.op = EventOp::TaskStarted, .ts = ts};
    e.mutableExtra().task = task;
    e.mutableExtra().branch = branch;
    return e;
}

Event Event::taskPack(const QString &task, const QString &pack, const QString &worktree,
                      const std::optional<QString> &base, const QString &baseSha, Timestamp ts)
{
    Event e{.op = EventOp::TaskPack, .ts = ts, .id = pack, .path = worktree, .sha = baseSha};
    e.mutableExtra().ref = base;
    e.mutableExtra().task = task;
    return e;
}

Event Event::taskPushed(const QString &task, const QString &pack, const QString &sha,
                        const QString &remote, const QString &branch, Timestamp ts)
{
    Event e{.op = EventOp::TaskPushed, .ts = ts, .id = pack, .sha = sha};
    EventExtra &x = e.mutableExtra();
    x.task = task;
    x.branch = branch;
    x.remote = remote;
    return e;
}

Event Event::taskEnded(const QString &task, const QString &how, Timestamp ts)
{
    Event e{.op = EventOp::TaskEnded, .ts = ts};
    e.mutableExtra().reason = how;
    e.mutableExtra().task = task;
    return e;
}

bool Event::isDecision() const
{
    return op == EventOp::Approved || op == EventOp::Denied || op == EventOp::Granted ||
           op == EventOp::Revoked;
}

JsonObject Event::toJson() const
{
    JsonObject o{{u"op"_s, eventOpName(op)}, {u"ts"_s, ts.toString()}};
    const EventExtra &x = extra();
    switch (op) {
    case EventOp::Add:
        o.insert(u"id"_s, id);
        o.insert(u"url"_s, url);
        o.insert(u"path"_s, path);
        o.insert(u"type"_s, type);
        o.insert(u"schema_version"_s, u"1"_s); // the catalogue puts it before ref and depth
        if (x.ref)
            o.insert(u"ref"_s, *x.ref);
        if (x.depth)
            o.insert(u"depth"_s, *x.depth);
        if (!x.cloneFilter.isEmpty())
            o.insert(u"filter"_s, x.cloneFilter);
        if (!x.submodules)
            o.insert(u"submodules"_s, false);
        if (!x.tags.isEmpty())
            o.insert(u"tags"_s, JsonValue(x.tags));
        break;
    case EventOp::Update:
        o.insert(u"id"_s, id);
        o.insert(u"field"_s, x.field);
        o.insert(u"value"_s, JsonValue::fromOptional(x.value));
        break;
    case EventOp::Tag:
        o.insert(u"id"_s, id);
        o.insert(u"add"_s, JsonValue(x.tags));
        o.insert(u"remove"_s, JsonValue(x.untags));
        break;
    case EventOp::Rm:
        o.insert(u"id"_s, id);
        break;
    case EventOp::Sync:
        o.insert(u"id"_s, id);
        o.insert(u"sha"_s, sha);
        break;
    case EventOp::ActionStarted:
        o.insert(u"pack"_s, id);
        o.insert(u"action_idx"_s, x.actionIdx);
        o.insert(u"action_name"_s, x.actionName);
        break;
    case EventOp::ActionCompleted:
        o.insert(u"pack"_s, id);
        o.insert(u"action_idx"_s, x.actionIdx);
        o.insert(u"result_summary"_s, x.resultSummary);
        break;
    case EventOp::ActionHalted:
        o.insert(u"pack"_s, id);
        o.insert(u"action_idx"_s, x.actionIdx);
        o.insert(u"action_name"_s, x.actionName);
        o.insert(u"error_summary"_s, x.errorSummary);
        break;
    case EventOp::Approved:
    case EventOp::Denied:
        o.insert(u"verb"_s, x.verb);
        o.insert(u"packs"_s, JsonValue(x.packs));
        o.insert(u"pack_count"_s, x.packCount);
        o.insert(u"command"_s, x.command);
        o.insert(u"by"_s, x.approvedBy);
        if (!x.client.isEmpty())
            o.insert(u"client"_s, x.client);
        if (op == EventOp::Denied)
            o.insert(u"reason"_s, x.reason);
        break;
    case EventOp::Granted:
    case EventOp::Revoked:
        o.insert(u"verb"_s, x.verb);
        o.insert(u"by"_s, x.approvedBy);
        o.insert(u"client"_s, x.client);
        break;
    case EventOp::TaskStarted:
        o.insert(u"task"_s, x.task);
        o.insert(u"branch"_s, x.branch);
        break;
    case EventOp::TaskPack:
        o.insert(u"task"_s, x.task);
        o.insert(u"pack"_s, id);
        o.insert(u"worktree"_s, path);
        o.insert(u"base"_s, JsonValue::fromOptional(x.ref));
        o.insert(u"base_sha"_s, sha);
        break;
    case EventOp::TaskPushed:
        o.insert(u"task"_s, x.task);
        o.insert(u"pack"_s, id);
        o.insert(u"sha"_s, sha);
        o.insert(u"remote"_s, x.remote);
        o.insert(u"branch"_s, x.branch);
        break;
    case EventOp::TaskEnded:
        o.insert(u"task"_s, x.task);
        o.insert(u"how"_s, x.reason);
        break;
    }
    // Every event says which schema it follows: last, unless its case placed it (insert keeps
    // a member where it is).
    o.insert(u"schema_version"_s, u"1"_s);
    return o;
}

Result<QByteArray> Event::toLine() const
{
    QByteArray line = toJson().toJson();
    if (line.size() <= MaxEventLineBytes)
        return line;

    // An approval shortens its command (whose characters may take six bytes each, escaped) to
    // a quarter of the line, then lists fewer packs until it fits; pack_count keeps how many.
    if (op == EventOp::Approved || op == EventOp::Denied) {
        Event shortened = *this;
        EventExtra &x = shortened.mutableExtra();
        while (line.size() > MaxEventLineBytes && x.command.size() > 16 &&
               shortened.toJson().value(u"command"_s).toJson().size() > MaxEventLineBytes / 4) {
            x.command = x.command.left(x.command.size() / 2) + u"…[truncated]"_s;
            line = shortened.toJson().toJson();
        }
        while (line.size() > MaxEventLineBytes && !x.packs.isEmpty()) {
            x.packs.removeLast();
            line = shortened.toJson().toJson();
        }
    }
    if (line.size() <= MaxEventLineBytes)
        return line;
    // Only the free-text summary may be shortened; everything else is the event's meaning.
    static const QByteArray suffix = QStringLiteral("…[truncated]").toUtf8();
    Event shortened = *this;
    QByteArray summary = extra().errorSummary.toUtf8();
    while (line.size() > MaxEventLineBytes && !summary.isEmpty()) {
        qsizetype keep = summary.size() - (line.size() - MaxEventLineBytes) - suffix.size();
        if (summary.endsWith(suffix))
            keep -= suffix.size();
        keep = qMax<qsizetype>(0, keep);
        while (keep > 0 && (static_cast<unsigned char>(summary.at(keep)) & 0xC0) == 0x80)
            --keep; // never cut inside a UTF-8 sequence
        summary = keep > 0 ? summary.left(keep) + suffix : QByteArray();
        shortened.mutableExtra().errorSummary = QString::fromUtf8(summary);
        line = shortened.toJson().toJson();
        if (summary.isEmpty())
            break;
    }
    if (line.size() <= MaxEventLineBytes)
        return line;
    return Error(ErrorKind::Manifest, u"event_too_large"_s,
                 Message(QT_TRANSLATE_NOOP("Grex", "the %1 event for '%2' would take %3 bytes; "
                                                   "grex.jsonl lines are limited to %4 bytes"),
                         {eventOpName(op), id, QString::number(line.size()),
                          QString::number(MaxEventLineBytes)}))
        .withDetail(u"bytes"_s, qint64(line.size()))
        .withDetail(u"limit"_s, qint64(MaxEventLineBytes));
}

namespace {

struct Reader
{
    const QJsonObject &object;
    QString error;

    // A required string member (first of `names` present wins).
    bool string(std::initializer_list<QString> names, QString &out)
    {
        for (const QString &name : names) {
            const QJsonValue v = object.value(name);
            if (v.isUndefined())
                continue;
            if (!v.isString()) {
                error = u"member '"_s + name + u"' is not a string"_s;
                return false;
            }
            out = v.toString();
            return true;
        }
        error = u"member '"_s + *names.begin() + u"' is missing"_s;
        return false;
    }

    // An optional string member; present-but-wrong-type is an error.
    bool optionalString(const QString &name, QString &out)
    {
        const QJsonValue v = object.value(name);
        if (v.isUndefined() || v.isNull())
            return true;
        if (!v.isString()) {
            error = u"member '"_s + name + u"' is not a string"_s;
            return false;
        }
        out = v.toString();
        return true;
    }

    bool integer(std::initializer_list<QString> names, qint64 &out)
    {
        for (const QString &name : names) {
            const QJsonValue v = object.value(name);
            if (v.isUndefined())
                continue;
            const std::optional<qint64> n =
                v.isDouble() ? exactInteger(v.toDouble()) : std::nullopt;
            if (!n || *n < 0) {
                error = u"member '"_s + name + u"' is not a non-negative integer"_s;
                return false;
            }
            out = *n;
            return true;
        }
        error = u"member '"_s + *names.begin() + u"' is missing"_s;
        return false;
    }

    // An optional list of tags, as grex writes them (checked, sorted, no duplicates).
    bool tags(const QString &name, QStringList &out)
    {
        const QJsonValue v = object.value(name);
        if (v.isUndefined())
            return true;
        QStringList list;
        for (const QJsonValue &item : v.toArray())
            list.append(item.toString());
        Result<QStringList> checked = normaliseTags(list);
        if (!v.isArray() || !checked || checked->size() != v.toArray().size()) {
            error = u"member '"_s + name + u"' is not a list of tags"_s;
            return false;
        }
        out = std::move(checked).value();
        return true;
    }

    bool timestamp(Timestamp &out)
    {
        QString text;
        if (!string({u"ts"_s}, text))
            return false;
        const std::optional<Timestamp> parsed = Timestamp::parse(text);
        if (!parsed) {
            error = u"member 'ts' is not an RFC 3339 timestamp: "_s + text;
            return false;
        }
        out = *parsed;
        return true;
    }
};

// The original wrote result summaries in Rust debug form ("PerformedChange", "Skipped { .. }").
QString normaliseResultSummary(const QString &summary)
{
    static const QList<std::pair<QString, QString>> legacy{
        {u"PerformedChange"_s, u"performed_change"_s},
        {u"WouldPerformChange"_s, u"would_perform_change"_s},
        {u"AlreadySatisfied"_s, u"already_satisfied"_s},
        {u"NoOp"_s, u"noop"_s},
        {u"Skipped"_s, u"skipped"_s},
    };
    for (const auto &[from, to] : legacy) {
        if (summary == from || summary.startsWith(from + u' ') || summary.startsWith(from + u'{'))
            return to;
    }
    return summary;
}

// The members of an action_* event in either dialect the reader accepts (grex's own and the
// original's: `pack` or `id`, `action_name` or `action`, …); false with r.error set.
bool readActionEvent(Reader &r, const QString &op, Event &e)
{
    const QJsonObject &object = r.object;
    EventExtra &x = e.mutableExtra();
    if (!r.timestamp(e.ts) || !r.string({u"pack"_s, u"id"_s}, e.id) ||
        !r.integer({u"action_idx"_s, u"idx"_s}, x.actionIdx))
        return false;
    if (op == u"action_started") {
        e.op = EventOp::ActionStarted;
        return r.string({u"action_name"_s, u"action"_s}, x.actionName);
    }
    if (op == u"action_completed") {
        e.op = EventOp::ActionCompleted;
        const QJsonValue summary = object.value(u"result_summary"_s);
        if (summary.isString()) {
            x.resultSummary = normaliseResultSummary(summary.toString());
        } else if (!summary.isUndefined()) {
            r.error = u"member 'result_summary' is not a string"_s;
            return false;
        } else if (object.value(u"changed"_s).isBool()) {
            x.resultSummary =
                object.value(u"changed"_s).toBool() ? u"performed_change"_s : u"noop"_s;
        }
        return true;
    }
    e.op = EventOp::ActionHalted;
    QString name, summary, stderrText;
    if (!r.optionalString(u"action_name"_s, name) || !r.optionalString(u"action"_s, name) ||
        !r.optionalString(u"stderr"_s, stderrText))
        return false;
    if (object.contains(u"error_summary"_s)) {
        if (!r.string({u"error_summary"_s}, summary))
            return false;
    } else if (!r.optionalString(u"reason"_s, summary)) {
        return false;
    }
    if (!stderrText.isEmpty())
        summary += (summary.isEmpty() ? QString() : u"\n"_s) + stderrText;
    x.actionName = name;
    x.errorSummary = summary;
    return true;
}

// The members of a task_* event; false with r.error set when one is wrong, false with no error
// for an op of a later grex.
bool readTaskEvent(Reader &r, const QString &op, Event &e)
{
    static const QStringList known{u"task_started"_s, u"task_pack"_s, u"task_pushed"_s,
                                   u"task_ended"_s};
    EventExtra &x = e.mutableExtra();
    if (!known.contains(op) || !r.timestamp(e.ts) || !r.string({u"task"_s}, x.task))
        return false;
    if (op == u"task_started") {
        e.op = EventOp::TaskStarted;
        return r.string({u"branch"_s}, x.branch);
    }
    if (op == u"task_pack") {
        e.op = EventOp::TaskPack;
        QString base;
        if (!r.string({u"pack"_s}, e.id) || !r.string({u"worktree"_s}, e.path) ||
            !r.string({u"base_sha"_s}, e.sha) || !r.optionalString(u"base"_s, base))
            return false;
        if (r.object.value(u"base"_s).isString())
            x.ref = base;
        return true;
    }
    if (op == u"task_pushed") {
        e.op = EventOp::TaskPushed;
        return r.string({u"pack"_s}, e.id) && r.string({u"sha"_s}, e.sha) &&
               r.string({u"remote"_s}, x.remote) && r.string({u"branch"_s}, x.branch);
    }
    if (op == u"task_ended") {
        e.op = EventOp::TaskEnded;
        return r.string({u"how"_s}, x.reason);
    }
    return false;
}

ParsedLine invalid(const QString &detail)
{
    ParsedLine p;
    p.kind = ParsedLine::Kind::Invalid;
    p.detail = detail;
    return p;
}

// The approval record (approved, denied, granted, revoked) an op names, if it names one.
std::optional<EventOp> decisionOp(QStringView op)
{
    for (EventOp candidate : {EventOp::Approved, EventOp::Denied, EventOp::Granted,
                              EventOp::Revoked}) {
        if (op == eventOpName(candidate))
            return candidate;
    }
    return std::nullopt;
}

} // namespace

ParsedLine parseEventLine(QByteArrayView line)
{
    if (line.size() > MaxReadLineBytes)
        return invalid(u"the line is longer than %1 bytes"_s.arg(MaxReadLineBytes));
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return invalid(parseError.errorString());
    if (!doc.isObject())
        return invalid(u"not a JSON object"_s);
    const QJsonObject object = doc.object();

    const QJsonValue schema = object.value(u"schema_version"_s);
    if (!schema.isUndefined()) {
        const bool supported = (schema.isString() && schema.toString() == u"1") ||
                               (schema.isDouble() && schema.toDouble() == 1.0);
        if (!supported) {
            ParsedLine p;
            p.kind = ParsedLine::Kind::UnsupportedSchema;
            p.detail = schema.isString()
                           ? schema.toString()
                           : QString::fromUtf8(JsonValue::fromQJsonValue(schema).toJson());
            return p;
        }
    }

    const QJsonValue opValue = object.value(u"op"_s);
    if (!opValue.isString())
        return invalid(u"member 'op' is missing or not a string"_s);
    const QString op = opValue.toString();

    Reader r{object, {}};
    Event e;
    ParsedLine result;
    result.kind = ParsedLine::Kind::Events;

    if (op == u"add") {
        e.op = EventOp::Add;
        // Read into an EventExtra of its own, kept only when the add has such members.
        EventExtra x;
        QString ref;
        if (!r.timestamp(e.ts) || !r.string({u"id"_s}, e.id) || !r.string({u"url"_s}, e.url) ||
            !r.string({u"path"_s}, e.path) || !r.optionalString(u"type"_s, e.type) ||
            !r.optionalString(u"ref"_s, ref))
            return invalid(r.error);
        if (e.type.isEmpty())
            e.type = u"meta"_s;
        if (object.value(u"ref"_s).isString())
            x.ref = ref;
        if (object.contains(u"depth"_s)) {
            const QJsonValue depth = object.value(u"depth"_s);
            const double number = depth.toDouble(-1);
            if (!depth.isDouble() || number < 1 || number > 1'000'000 ||
                number != double(qint64(number)))
                return invalid(u"member 'depth' is not a whole number of at least 1"_s);
            x.depth = qint64(number);
        }
        if (!r.optionalString(u"filter"_s, x.cloneFilter) || !r.tags(u"tags"_s, x.tags))
            return invalid(r.error);
        if (object.contains(u"submodules"_s)) {
            if (!object.value(u"submodules"_s).isBool())
                return invalid(u"member 'submodules' is not true or false"_s);
            x.submodules = object.value(u"submodules"_s).toBool();
        }
        e.setExtra(x);
        result.events.append(e);
    } else if (op == u"update") {
        e.op = EventOp::Update;
        if (!r.timestamp(e.ts) || !r.string({u"id"_s}, e.id))
            return invalid(r.error);
        if (object.contains(u"field"_s)) {
            if (!r.string({u"field"_s}, e.mutableExtra().field))
                return invalid(r.error);
            if (!object.contains(u"value"_s))
                return invalid(u"member 'value' is missing"_s);
            const QJsonValue v = object.value(u"value"_s);
            if (v.isString())
                e.mutableExtra().value = v.toString();
            result.events.append(e);
        } else {
            // The documented dialect: the changed attributes as direct members.
            for (const QString &field : {u"url"_s, u"ref"_s, u"path"_s}) {
                if (!object.contains(field))
                    continue;
                Event u = e;
                u.mutableExtra().field = field;
                const QJsonValue v = object.value(field);
                if (v.isString())
                    u.mutableExtra().value = v.toString();
                result.events.append(u);
            }
            if (result.events.isEmpty())
                return invalid(u"update names no field"_s);
        }
    } else if (op == u"tag") {
        e.op = EventOp::Tag;
        if (!r.timestamp(e.ts) || !r.string({u"id"_s}, e.id) ||
            !r.tags(u"add"_s, e.mutableExtra().tags) ||
            !r.tags(u"remove"_s, e.mutableExtra().untags))
            return invalid(r.error);
        result.events.append(e);
    } else if (op == u"rm") {
        e.op = EventOp::Rm;
        if (!r.timestamp(e.ts) || !r.string({u"id"_s}, e.id))
            return invalid(r.error);
        result.events.append(e);
    } else if (op == u"sync") {
        e.op = EventOp::Sync;
        if (!r.timestamp(e.ts) || !r.string({u"id"_s}, e.id) || !r.string({u"sha"_s}, e.sha))
            return invalid(r.error);
        result.events.append(e);
    } else if (op == u"action_started" || op == u"action_completed" || op == u"action_halted") {
        if (!readActionEvent(r, op, e))
            return invalid(r.error);
        result.events.append(e);
    } else if (const std::optional<EventOp> decision = decisionOp(op)) {
        e.op = *decision;
        EventExtra &x = e.mutableExtra();
        if (!r.timestamp(e.ts) || !r.string({u"verb"_s}, x.verb) ||
            !r.string({u"by"_s}, x.approvedBy) || !r.optionalString(u"client"_s, x.client) ||
            !r.optionalString(u"command"_s, x.command) || !r.optionalString(u"reason"_s, x.reason))
            return invalid(r.error);
        for (const QJsonValue &pack : object.value(u"packs"_s).toArray())
            x.packs.append(pack.toString());
        x.packCount = exactInteger(object.value(u"pack_count"_s).toDouble(double(x.packs.size())))
                          .value_or(x.packs.size());
        result.events.append(e);
    } else if (op.startsWith(u"task_") && readTaskEvent(r, op, e)) {
        result.events.append(e);
    } else if (op.startsWith(u"task_") && !r.error.isEmpty()) {
        return invalid(r.error);
    } else {
        result.kind = ParsedLine::Kind::UnknownOp;
        result.detail = op;
    }
    return result;
}

} // namespace Grex
