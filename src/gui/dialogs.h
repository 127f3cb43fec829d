#pragma once

#include <QDialog>
#include <QJsonObject>
#include <QJsonValue>

class QCheckBox;
class QLabel;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QTreeWidget;

namespace Grex::Gui {

// Add a pack: URL, and optionally the path, ref and type; the arguments of the add verb.
class AddPackDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AddPackDialog(QWidget *parent = nullptr);
    QJsonObject arguments() const;

private:
    QLineEdit *m_url;
    QLineEdit *m_path;
    QLineEdit *m_ref;
    QComboBox *m_type;
    QLineEdit *m_tags;
    QCheckBox *m_noInstall;
};

// The tags of one registered pack: the workspace's own, to edit, and those its pack.yaml gives,
// shown. changes() are the tag verb's words (+work, -old).
class TagsDialog : public QDialog
{
    Q_OBJECT

public:
    TagsDialog(const QString &pack, const QStringList &workspaceTags,
               const QStringList &packYamlTags, QWidget *parent = nullptr);
    QStringList changes() const;

    // The tags in text that people separate with spaces or commas; the first invalid one's
    // error in *error.
    static QStringList parseTags(const QString &text, QString *error = nullptr);

private:
    QStringList m_before;
    QLineEdit *m_tags;
};

// Import: register the clones found in the workspace, or the repositories of a REPOS.json.
class ImportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ImportDialog(QWidget *parent = nullptr);
    QJsonObject arguments() const;

private:
    QRadioButton *m_scan;
    QLineEdit *m_file;
    QComboBox *m_type;
};

// Shows what a dry run reported and asks whether to run it for real.
class PreviewDialog : public QDialog
{
    Q_OBJECT

public:
    PreviewDialog(const QString &title, const QString &question, const QString &report,
                  const QString &runLabel, QWidget *parent = nullptr);
};

// Doctor's findings, with Fix for what it can repair.
class DoctorDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DoctorDialog(QWidget *parent = nullptr);
    // report: doctor's document; error: why it could not run at all.
    void setReport(const QJsonValue &report, const QString &error);
    bool compactRequested() const;
    // Fix could not start: says why, and offers it again.
    void fixRefused(const QString &why);

Q_SIGNALS:
    void fixRequested(bool compact);

private:
    QLabel *m_note;
    QTreeWidget *m_findings;
    QPushButton *m_fix;
    QCheckBox *m_compact;
};

// Preferences: the language of the window.
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    void accept() override;

    // How often the window fetches every pack in the background, in minutes; 0: never.
    static int fetchIntervalMinutes();

private:
    QComboBox *m_language;
    QComboBox *m_fetch;
};

} // namespace Grex::Gui
