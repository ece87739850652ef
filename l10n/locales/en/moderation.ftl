# Reports, the moderation page and the notices of moderators' actions
# (web/src/pages/moderation.rs, templates/report.html, moderation.html, home.html).
chat-report = Report
report-title = Report { $name }
report-heading-player = Report this player to the moderators
report-heading-message = Report this message to the moderators
report-explained = A moderator reads every report. You can make five reports a day.
report-reason = Why?
report-reason-abuse = Abuse: insults, threats, harassment
report-reason-spam = Spam: advertising, the same message again and again
report-reason-cheating = Cheating: outside help, several accounts
report-reason-stalling = Stalling: letting the clock run instead of playing or resigning
report-reason-other = Something else
report-details = What happened (optional, 500 characters at most)
report-send = Send the report
report-sent = Thank you: your report was sent to the moderators.
report-back = Back to { $name }’s profile
moderation-title = Moderation
moderation-reports = Open reports
moderation-no-reports = No report is waiting.
moderation-report-of = { $reporter } reports { $name }
moderation-the-match = The match
moderation-reported = reported
moderation-action = Action
moderation-days = Days (for a mute or a suspension)
moderation-reason = Why (the player reads it)
moderation-act = Do it
moderation-act-on-player = Act on a player
moderation-player = Player
moderation-log = What the moderators did
moderation-log-empty = Nothing yet.
moderation-when = When
moderation-moderator = Moderator
moderation-until = until
moderation-done = Done: { $action } for { $name }.
moderation-action-mute = Mute the chat
moderation-action-suspend = Suspend
moderation-action-warn = Warn
moderation-action-dismiss = Dismiss the report
moderation-action-reinstate = Lift a mute or a suspension
home-moderation = { $count ->
    [0] Moderation: no open report
    [one] Moderation: one open report
   *[other] Moderation: { $count } open reports
}
notices-heading = From the moderators
notices-reason = Why:
notices-acknowledge = I have read this
notice-mute = A moderator muted your chat until { $until }.
notice-suspend = A moderator suspended your account until { $until }.
notice-warn = A moderator warned you.
notice-dismiss = A report about you was dismissed.
notice-reinstate = A moderator lifted the mute or suspension of your account.
report-player-link = Report this player to the moderators
