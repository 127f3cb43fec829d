#include "core/engine/lifecycles.h"

#include "core/error.h"
#include "core/exec/execstep.h"
#include "core/wire.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace Grex {

JsonObject StepRecord::toJson() const
{
    return JsonObject{{u"pack"_s, pack},
                      {u"action"_s, step.actionName},
                      {u"idx"_s, idx},
                      {u"result"_s, stepResultName(step.result)},
                      {u"details"_s, step.details}};
}

DocShape StepRecord::shape()
{
    using S = DocShape;
    return S::object({field(u"pack"_s, S::string(), nullptr),
                      field(u"action"_s, S::string(), "the action, or pack/meta/teardown"),
                      field(u"idx"_s, S::integer(), "its place in the pack's actions"),
                      field(u"result"_s, S::string(stepResultWords()), nullptr),
                      field(u"details"_s, S::any(), "what the action says of itself")});
}

JsonObject HaltRecord::toJson() const
{
    return JsonObject{
        {u"pack"_s, pack},
        {u"action"_s, action},
        {u"idx"_s, idx},
        {u"error"_s, error.message().text()},
        {u"recovery_hint"_s, error.hint().isEmpty() ? JsonValue() : JsonValue(error.hint().text())},
        {u"kind"_s, wireName(error.kind())},
        {u"reason"_s, error.reason()}};
}

DocShape HaltRecord::shape()
{
    using S = DocShape;
    return S::object({field(u"pack"_s, S::string(), "the pack the run halted in"),
                      field(u"action"_s, S::string(), nullptr),
                      field(u"idx"_s, S::integer(), nullptr),
                      field(u"error"_s, S::string(), "what went wrong"),
                      field(u"recovery_hint"_s, S::string().orNull(), "what to do about it"),
                      field(u"kind"_s, S::string(), "the error kind"),
                      field(u"reason"_s, S::string(), "the stable reason")});
}

JsonObject LifecycleReport::toJson() const
{
    JsonArray stepArray;
    stepArray.reserve(steps.size());
    for (const StepRecord &s : steps)
        stepArray.append(s.toJson());
    JsonArray packArray;
    packArray.reserve(packs.size());
    QHash<QString, int> outcomes;
    for (const PackOutcome &p : packs) {
        JsonObject o{{u"id"_s, p.id},
                     {u"result"_s, wireName(p.result)},
                     {u"sha_before"_s, p.shaBefore},
                     {u"sha_after"_s, p.shaAfter},
                     {u"message"_s, p.message},
                     {u"plain"_s, p.plain}};
        if (!p.reason.isEmpty())
            o.insert(u"reason"_s, p.reason);
        const QString outcome = wireName(p.outcome(teardown));
        o.insert(u"outcome"_s, outcome);
        ++outcomes[outcome];
        p.addFetchTo(o);
        // A row is held with 10 000 others until the document is written.
        o.squeeze();
        packArray.append(o);
    }
    JsonObject outcomeCounts;
    for (const QString &name : packOutcomeNames())
        outcomeCounts.insert(name, qint64(outcomes.value(name)));
    JsonObject o{{u"verb"_s, verb},
                 {u"dry_run"_s, dryRun},
                 {u"steps"_s, stepArray},
                 {u"halted"_s, halted ? JsonValue(halted->toJson()) : JsonValue()},
                 {u"event_log_warnings"_s, JsonValue(eventLogWarnings)},
                 {u"summary"_s, JsonObject{{u"total_steps"_s, qint64(steps.size())}}},
                 {u"outcomes"_s, outcomeCounts},
                 {u"packs"_s, packArray}};
    if (!recovery.isEmpty())
        o.insert(u"recovery"_s, recovery);
    if (!maintenance.isEmpty())
        o.insert(u"maintenance"_s, maintenance);
    return o;
}

DocShape LifecycleReport::shape()
{
    using S = DocShape;
    std::vector<DocShape::Field> fields({
        field(u"id"_s, S::string(), nullptr),
        field(u"result"_s, S::string(lifecycleResultWords()), "what its lifecycle did"),
        field(u"sha_before"_s, S::string(), nullptr),
        field(u"sha_after"_s, S::string(), nullptr),
        field(u"message"_s, S::string(), nullptr),
        field(u"plain"_s, S::boolean(), "a repository without pack.yaml"),
        optionalField(u"reason"_s, S::string(), "why it was (re)installed or skipped"),
        field(u"outcome"_s, S::string(packOutcomeNames()), "what it means for the person"),
    });
    for (DocShape::Field &f : PackOutcome::fetchFields())
        fields.push_back(std::move(f));
    const DocShape pack = S::object(std::move(fields));
    return S::object(
        {field(u"verb"_s, S::string(), "sync, teardown, update, rm"),
         field(u"dry_run"_s, S::boolean(), "nothing was changed"),
         field(u"steps"_s, S::array(StepRecord::shape()), "every action step, in order"),
         field(u"halted"_s, HaltRecord::shape().orNull(), "where the run stopped"),
         field(u"event_log_warnings"_s, S::array(S::string()), nullptr),
         field(u"summary"_s, S::object({field(u"total_steps"_s, S::integer(), nullptr)}), nullptr),
         field(u"outcomes"_s, S::map(S::integer()), "how many packs had each outcome"),
         field(u"packs"_s, S::array(pack), "one row per pack"),
         optionalField(u"recovery"_s, S::any(), "what the run found of an earlier one"),
         optionalField(u"maintenance"_s, S::any(), "clones git should repack")});
}

void PackOutcome::addFetchTo(JsonObject &o) const
{
    o.insert(u"fetch"_s,
             fetchState == FetchState::None ? JsonValue() : JsonValue(wireName(fetchState)));
    if (notes && !notes->leftAloneWhy.isEmpty())
        o.insert(u"left_alone"_s, notes->leftAloneWhy);
    if (notes && !notes->remoteDefaultBranch.isEmpty())
        o.insert(u"remote_default_branch"_s, notes->remoteDefaultBranch);
    if (commits > 0)
        o.insert(u"commits"_s, qint64(commits));
    if (notes) {
        if (!notes->note.isEmpty())
            o.insert(u"fetch_note"_s, notes->note.text());
        if (!notes->warnings.isEmpty()) {
            QStringList texts;
            for (const Message &warning : notes->warnings)
                texts.append(warning.text());
            o.insert(u"warnings"_s, JsonValue(texts));
        }
    }
    if (error)
        o.insert(u"error"_s, error->toJson());
}

std::vector<DocShape::Field> PackOutcome::fetchFields()
{
    using S = DocShape;
    return {
        field(u"fetch"_s, S::string(fetchStateWords()).orNull(), "what the walk's git work did"),
        optionalField(u"left_alone"_s, S::string(), "why the checkout was not moved"),
        optionalField(u"remote_default_branch"_s, S::string(), nullptr),
        optionalField(u"commits"_s, S::integer(), "commits taken"),
        optionalField(u"fetch_note"_s, S::string(), nullptr),
        optionalField(u"warnings"_s, S::array(S::string()), nullptr),
        optionalField(u"error"_s, Error::shape(), "why it failed")};
}

PackOutcomeKind PackOutcome::outcome(bool teardown) const
{
    if (error || result == LifecycleResult::Err)
        return PackOutcomeKind::Failed;
    if (result == LifecycleResult::Filtered)
        return PackOutcomeKind::Filtered;
    if (result == LifecycleResult::NotRun)
        return PackOutcomeKind::NotRun;
    if (fetchState == FetchState::LeftAlone)
        return PackOutcomeKind::NeedsYou;
    if (fetchState == FetchState::Cloned || (missing && !teardown))
        return PackOutcomeKind::Cloned;
    if (headMoved(fetchState))
        return PackOutcomeKind::Updated;
    // A dry run plans every pack; one with no reason to run would be skipped by a real sync.
    // A plain repository's lifecycle only records its commit: nothing was installed.
    if (ran && result == LifecycleResult::Ok && (teardown || (!reason.isEmpty() && !plain)))
        return teardown ? PackOutcomeKind::TornDown : PackOutcomeKind::Installed;
    return PackOutcomeKind::Unchanged;
}

namespace {

constexpr WireTable<LifecycleResult, 5> kResultWords{{
    {LifecycleResult::Ok, u"ok"},
    {LifecycleResult::Skipped, u"skipped"},
    {LifecycleResult::Filtered, u"filtered"},
    {LifecycleResult::Err, u"err"},
    {LifecycleResult::NotRun, u"not_run"},
}};

constexpr WireTable<PackOutcomeKind, 9> kOutcomeWords{{
    {PackOutcomeKind::Failed, u"failed"},
    {PackOutcomeKind::NeedsYou, u"needs_you"},
    {PackOutcomeKind::Cloned, u"cloned"},
    {PackOutcomeKind::Updated, u"updated"},
    {PackOutcomeKind::Installed, u"installed"},
    {PackOutcomeKind::TornDown, u"torn_down"},
    {PackOutcomeKind::Unchanged, u"unchanged"},
    {PackOutcomeKind::Filtered, u"filtered"},
    {PackOutcomeKind::NotRun, u"not_run"},
}};

} // namespace

QString wireName(PackOutcomeKind outcome)
{
    return wireWord(kOutcomeWords, outcome);
}

QString wireName(LifecycleResult result)
{
    return wireWord(kResultWords, result);
}

QStringList lifecycleResultWords()
{
    return wireWords(kResultWords);
}

const QStringList &packOutcomeNames()
{
    static const QStringList names = wireWords(kOutcomeWords);
    return names;
}

const PackOutcome *LifecycleReport::outcome(const QString &id) const
{
    for (const PackOutcome &p : packs) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

} // namespace Grex
