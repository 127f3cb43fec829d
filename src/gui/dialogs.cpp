#include "gui/dialogs.h"

#include "core/docview.h"
#include "core/naming.h"
#include "core/verbs/doctor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Grex::Gui {

namespace {

QComboBox *typeCombo(QWidget *parent, const QString &none)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(none, QString());
    for (const QString &type : {u"meta"_s, u"declarative"_s, u"scripted"_s})
        combo->addItem(type, type);
    return combo;
}

} // namespace

AddPackDialog::AddPackDialog(QWidget *parent)
    : QDialog(parent)
    , m_url(new QLineEdit(this))
    , m_path(new QLineEdit(this))
    , m_ref(new QLineEdit(this))
    , m_type(typeCombo(this, tr("from its pack.yaml")))
    , m_tags(new QLineEdit(this))
    , m_noInstall(new QCheckBox(tr("Clone and register only; do not install"), this))
{
    setObjectName(u"addPackDialog"_s);
    setWindowTitle(tr("Add a Pack"));
    m_url->setObjectName(u"addUrl"_s);
    m_path->setObjectName(u"addPath"_s);
    m_url->setPlaceholderText(tr("https://example.org/tools.git or /path/to/repo.git"));
    m_path->setPlaceholderText(tr("derived from the URL"));
    m_ref->setPlaceholderText(tr("the remote's default branch"));
    m_url->setMinimumWidth(420);
    auto *form = new QFormLayout;
    form->addRow(tr("&URL:"), m_url);
    form->addRow(tr("&Path:"), m_path);
    form->addRow(tr("&Ref:"), m_ref);
    form->addRow(tr("&Type:"), m_type);
    m_tags->setObjectName(u"addTags"_s);
    m_tags->setPlaceholderText(tr("none; e.g. work backend"));
    form->addRow(tr("Ta&gs:"), m_tags);
    form->addRow(QString(), m_noInstall);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add"));
    buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    auto *tagError = new QLabel(this);
    tagError->setStyleSheet(u"color: #c62828"_s);
    tagError->hide();
    form->addRow(QString(), tagError);
    const auto check = [this, buttons, tagError] {
        QString error;
        TagsDialog::parseTags(m_tags->text(), &error);
        tagError->setText(error);
        tagError->setVisible(!error.isEmpty());
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(!m_url->text().trimmed().isEmpty() && error.isEmpty());
    };
    connect(m_url, &QLineEdit::textChanged, this, check);
    connect(m_tags, &QLineEdit::textChanged, this, check);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QJsonObject AddPackDialog::arguments() const
{
    QJsonObject args{{u"url"_s, m_url->text().trimmed()}};
    if (!m_path->text().trimmed().isEmpty())
        args.insert(u"path"_s, m_path->text().trimmed());
    if (!m_ref->text().trimmed().isEmpty())
        args.insert(u"ref"_s, m_ref->text().trimmed());
    if (!m_type->currentData().toString().isEmpty())
        args.insert(u"type"_s, m_type->currentData().toString());
    if (const QStringList tags = TagsDialog::parseTags(m_tags->text()); !tags.isEmpty())
        args.insert(u"tag"_s, QJsonArray::fromStringList(tags));
    if (m_noInstall->isChecked())
        args.insert(u"noInstall"_s, true);
    return args;
}

QStringList TagsDialog::parseTags(const QString &text, QString *error)
{
    static const QRegularExpression separators(u"[\\s,]+"_s);
    Result<QStringList> tags = normaliseTags(text.split(separators, Qt::SkipEmptyParts));
    if (!tags) {
        if (error)
            *error = tags.error().message().displayText();
        return {};
    }
    return *tags;
}

TagsDialog::TagsDialog(const QString &pack, const QStringList &workspaceTags,
                       const QStringList &packYamlTags, QWidget *parent)
    : QDialog(parent)
    , m_before(workspaceTags)
    , m_tags(new QLineEdit(workspaceTags.join(u' '), this))
{
    setObjectName(u"tagsDialog"_s);
    setWindowTitle(tr("Tags of %1").arg(pack));
    m_tags->setObjectName(u"tagsEdit"_s);
    m_tags->setPlaceholderText(tr("none; e.g. work backend"));
    m_tags->setMinimumWidth(360);
    auto *form = new QFormLayout;
    form->addRow(tr("&Tags:"), m_tags);
    if (!packYamlTags.isEmpty()) {
        auto *fromYaml = new QLabel(packYamlTags.join(u", "_s), this);
        fromYaml->setToolTip(tr("Its pack.yaml gives these; only that file changes them."));
        form->addRow(tr("From pack.yaml:"), fromYaml);
    }
    auto *hint = new QLabel(tr("Separate tags with spaces. --filter tag=NAME, here and in the "
                               "terminal, selects the packs with a tag."),
                            this);
    hint->setWordWrap(true);
    auto *error = new QLabel(this);
    error->setStyleSheet(u"color: #c62828"_s);
    error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_tags, &QLineEdit::textChanged, this, [error, buttons](const QString &text) {
        QString why;
        parseTags(text, &why);
        error->setText(why);
        error->setVisible(!why.isEmpty());
        buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(error);
    layout->addWidget(buttons);
}

QStringList TagsDialog::changes() const
{
    const QStringList after = parseTags(m_tags->text());
    QStringList words;
    for (const QString &tag : after) {
        if (!m_before.contains(tag))
            words.append(u'+' + tag);
    }
    for (const QString &tag : m_before) {
        if (!after.contains(tag))
            words.append(u'-' + tag);
    }
    return words;
}

ImportDialog::ImportDialog(QWidget *parent)
    : QDialog(parent)
    , m_scan(new QRadioButton(tr("The git clones in the workspace that no pack accounts for"),
                              this))
    , m_file(new QLineEdit(this))
    , m_type(typeCombo(this, tr("meta (the default)")))
{
    setObjectName(u"importDialog"_s);
    setWindowTitle(tr("Import Packs"));
    auto *fromFile = new QRadioButton(
        tr("The repositories another tool lists (gita, myrepos, vcstool, mani, repo, west, "
           "REPOS.json):"),
        this);
    m_scan->setChecked(true);
    m_file->setEnabled(false);
    auto *browse = new QToolButton(this);
    browse->setText(tr("…"));
    browse->setEnabled(false);
    connect(fromFile, &QRadioButton::toggled, m_file, &QWidget::setEnabled);
    connect(fromFile, &QRadioButton::toggled, browse, &QWidget::setEnabled);
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("A list of repositories"), m_file->text(),
            tr("Lists of repositories (*.repos *.yml *.yaml *.xml *.csv *.json .mrconfig "
               "*.mrconfig);;All files (*)"));
        if (!file.isEmpty())
            m_file->setText(file);
    });
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file);
    fileRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(tr("Type of repositories without pack.yaml:"), m_type);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Preview…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Register as packs:"), this));
    layout->addWidget(m_scan);
    layout->addWidget(fromFile);
    layout->addLayout(fileRow);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QJsonObject ImportDialog::arguments() const
{
    QJsonObject args;
    if (m_scan->isChecked())
        args.insert(u"scan"_s, true);
    else
        args.insert(u"from"_s, m_file->text().trimmed());
    if (!m_type->currentData().toString().isEmpty())
        args.insert(u"defaultType"_s, m_type->currentData().toString());
    return args;
}

PreviewDialog::PreviewDialog(const QString &title, const QString &question, const QString &report,
                             const QString &runLabel, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"previewDialog"_s);
    setWindowTitle(title);
    resize(640, 420);
    auto *label = new QLabel(question, this);
    label->setWordWrap(true);
    auto *text = new QPlainTextEdit(report, this);
    text->setObjectName(u"previewText"_s);
    text->setReadOnly(true);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(runLabel);
    buttons->button(QDialogButtonBox::Ok)->setObjectName(u"runButton"_s);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(text);
    layout->addWidget(buttons);
}

DoctorDialog::DoctorDialog(QWidget *parent)
    : QDialog(parent)
    , m_note(new QLabel(this))
    , m_findings(new QTreeWidget(this))
    , m_fix(new QPushButton(QIcon(u":/grex/icons/actions/fix.svg"_s), tr("&Fix"), this))
    , m_compact(new QCheckBox(tr("Also compact grex.jsonl and the lockfile"), this))
{
    setObjectName(u"doctorDialog"_s);
    setWindowTitle(tr("Doctor"));
    resize(820, 440);
    m_findings->setObjectName(u"doctorFindings"_s);
    m_fix->setObjectName(u"doctorFixButton"_s);
    m_findings->setRootIsDecorated(false);
    m_findings->setHeaderLabels({tr("Check"), tr("Status"), tr("Pack"), tr("Detail")});
    m_fix->setEnabled(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_fix, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_fix, &QPushButton::clicked, this, [this] {
        m_fix->setEnabled(false);
        Q_EMIT fixRequested(m_compact->isChecked());
    });
    m_note->setObjectName(u"doctorNote"_s);
    m_note->setWordWrap(true);
    m_note->hide();
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_findings);
    layout->addWidget(m_note);
    layout->addWidget(m_compact);
    layout->addWidget(buttons);
}

void DoctorDialog::setReport(const QJsonValue &report, const QString &error)
{
    m_note->hide();
    m_findings->clear();
    bool fixable = false;
    if (!report.isObject()) {
        auto *item = new QTreeWidgetItem(m_findings);
        item->setText(0, tr("doctor"));
        item->setText(1, tr("error"));
        item->setText(3, error);
        item->setIcon(1, QIcon(u":/grex/icons/status/error.svg"_s));
    }
    const DocView o(JsonValue::fromQJsonValue(report), shapeOf<DoctorReport>());
    for (const DocView &f : o.items(u"fixed"_s)) {
        auto *item = new QTreeWidgetItem(m_findings);
        item->setText(0, f.string(u"check"_s));
        item->setText(1, tr("fixed"));
        item->setIcon(1, QIcon(u":/grex/icons/actions/fix.svg"_s));
        item->setText(2, f.string(u"pack"_s));
        item->setText(3, f.string(u"detail"_s));
    }
    for (const DocView &f : o.items(u"findings"_s)) {
        auto *item = new QTreeWidgetItem(m_findings);
        item->setText(0, f.string(u"check"_s));
        const bool canFix = f.boolean(u"auto_fixable"_s);
        fixable = fixable || canFix;
        switch (severityNamed(f.string(u"severity"_s)).value_or(DoctorSeverity::Error)) {
        case DoctorSeverity::Ok:
            item->setText(1, tr("ok"));
            item->setIcon(1, QIcon(u":/grex/icons/status/clean.svg"_s));
            break;
        case DoctorSeverity::Warning:
            item->setText(1, canFix ? tr("warning, fixable") : tr("warning"));
            item->setIcon(1, QIcon(u":/grex/icons/status/stale.svg"_s));
            break;
        case DoctorSeverity::Error:
            item->setText(1, canFix ? tr("error, fixable") : tr("error"));
            item->setIcon(1, QIcon(u":/grex/icons/status/error.svg"_s));
            break;
        }
        item->setText(2, f.string(u"pack"_s));
        item->setText(3, f.string(u"detail"_s));
        item->setToolTip(3, f.string(u"detail"_s));
    }
    for (int c = 0; c < 3; ++c)
        m_findings->resizeColumnToContents(c);
    m_fix->setEnabled(fixable);
}

void DoctorDialog::fixRefused(const QString &why)
{
    m_note->setText(why);
    m_note->setVisible(!why.isEmpty());
    m_fix->setEnabled(true);
}

bool DoctorDialog::compactRequested() const
{
    return m_compact->isChecked();
}

PreferencesDialog::PreferencesDialog(QWidget *parent)
    : QDialog(parent)
    , m_language(new QComboBox(this))
    , m_fetch(new QComboBox(this))
{
    setObjectName(u"preferencesDialog"_s);
    setWindowTitle(tr("Preferences"));
    m_language->setObjectName(u"languageCombo"_s);
    m_language->addItem(tr("The system's language"), QString());
    m_language->addItem(u"English"_s, u"en"_s);
    m_language->addItem(u"Deutsch"_s, u"de"_s);
    const int current =
        m_language->findData(QSettings().value(u"ui/language"_s).toString());
    m_language->setCurrentIndex(std::max(0, current));
    m_fetch->setObjectName(u"fetchCombo"_s);
    m_fetch->addItem(tr("Never (Fetch or status --fetch when you ask)"), 0);
    for (const int minutes : {5, 15, 60})
        m_fetch->addItem(tr("Every %n minute(s)", nullptr, minutes), minutes);
    m_fetch->setCurrentIndex(std::max(0, m_fetch->findData(fetchIntervalMinutes())));
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Background fetch:"), m_fetch);
    auto *note = new QLabel(tr("A new language shows the next time grex-gui starts."), this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void PreferencesDialog::accept()
{
    QSettings().setValue(u"ui/language"_s, m_language->currentData().toString());
    QSettings().setValue(u"fetch/intervalMinutes"_s, m_fetch->currentData().toInt());
    QDialog::accept();
}

int PreferencesDialog::fetchIntervalMinutes()
{
    // On by default: a window kept open all day must not show yesterday's upstream as current.
    return QSettings().value(u"fetch/intervalMinutes"_s, 15).toInt();
}

} // namespace Grex::Gui
