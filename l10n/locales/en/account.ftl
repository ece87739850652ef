# The account page.

account-title = Your account
account-signed-in-as = Signed in as
account-profile = Your public profile
account-password = Change your password
account-current-password = Current password
account-new-password = New password
account-new-password-again = New password again
account-change-password = Change my password
account-password-changed = Your password has been changed.
account-passwords-differ = The two new passwords differ; please type the same one twice.
account-tokens = API tokens
account-tokens-help = Personal tokens let your own programs and bots play through the{" "}
account-tokens-help-api = API
account-tokens-help-as-you = as you. Send one as
account-new-token = Your new token “{ $name }”.
account-new-token-copy = Copy it now: it will not be shown again.
account-new-token-label = New token
account-token-copy = Copy the token
account-token-copied = The token is copied.
account-token-copy-failed = The browser did not let the page copy it: select the token and copy it.
account-token-name = Name of a new token
account-token-placeholder = my bot
account-token-scopes = What the token may do
account-scope-play = play
account-scope-play-help = Play: create, join and play matches, resign.
account-scope-read = read
account-scope-read-help = Read: your profile, your vacation, your notification settings, your events as they happen.
account-scope-account = account
account-scope-account-help = Account: change the password, the e-mail address, the notifications, the vacation; end sessions.
account-scope-webhooks = webhooks
account-scope-webhooks-help = Webhooks: register and delete webhooks.
account-scope-tokens = tokens
account-scope-tokens-help = Tokens: create and revoke tokens (the tokens a token makes are revoked with it).
account-create-token = Create a token
account-your-tokens = Your tokens
account-no-tokens = You have no API token.
account-col-name = Name
account-col-created = Created
account-col-last-used = Last used
account-col-scopes = Scopes
account-token-made-with = made with “{ $name }”
account-col-actions = Actions
account-never = never
account-revoke = Revoke
account-sessions = Where you are signed in
account-sessions-help = Every browser or program signed in to your account. End any you do not recognise; changing your password ends all but this one. API tokens are listed above and are not affected.
account-col-browser = Browser or program
account-col-signed-in = Signed in
account-col-last-seen = Last seen
account-unknown = unknown
account-this-browser = (this browser)
account-session-device = { $browser } on { $system }
account-sign-out = Sign out
account-end = End
account-end-hidden = the session signed in { $when }
account-sign-out-everywhere = Sign out everywhere
account-language = Language
account-language-help = The language of the pages, wherever you sign in.
account-language-save = Save
account-language-saved = Your language has been saved.

# Vacation. $days: a number of days.
account-vacation = Vacation
account-vacation-help = { $days ->
    [one] You may take { $days } day of vacation per calendar year.
   *[other] You may take { $days } days of vacation per calendar year.
} While you are away, the clocks of your moves stop; each runs again with the time it had left when you come back.
account-vacation-days-left = { $days ->
    [one] { $days } day left this year.
   *[other] { $days } days left this year.
}
account-vacation-away-until = You are on vacation until
account-vacation-return = I am back
account-vacation-until = Last day away
account-vacation-until-help = Your vacation ends at the end of this day (UTC). Each day begun takes one day of your allowance; if you come back early, the whole days not begun are given back.
account-vacation-start = Go on vacation
account-vacation-started = Enjoy your vacation: the clocks of your moves have stopped.
account-vacation-ended = Welcome back: your clocks run again with the time they had left.

account-notify = Notifications
account-notify-help = While a Tapis tab is open, this browser can tell you when it becomes your turn in a match you are not looking at. Nothing is sent through any other service.
account-notify-ask = Notify me when it's my turn
account-notify-on = Notifications are on in this browser.
account-notify-blocked = This browser blocks notifications from Tapis: allow them in its site settings.
account-notify-unsupported = This browser cannot show notifications; the tab's title still tells you when it is your turn.
# E-mail notifications.
account-email = E-mail notifications
account-email-help = Tapis can mail you when it is your turn, when you are invited, when less than 24 hours are left to move and when a match is over. Your address is used only for that, and only once you follow the link mailed to it.
account-email-address = E-mail address
account-email-save = Save the address
account-email-verified = This address is confirmed: notifications go to it.
account-email-pending = This address is not confirmed yet: follow the link mailed to it (valid 48 hours). Until then, nothing is mailed.
account-email-sent = A confirmation link was mailed to { $email }.
account-email-unchanged = This address is already confirmed.
account-notifications = What to mail me
account-notifications-events = Mail me when
account-notifications-digest = At most one “your turn” mail per match every (hours)
account-notifications-digest-help = From 1 to 168 hours (a week).
account-notifications-save = Save the settings
account-notifications-saved = Your notification settings are saved.
blocks-title = Blocked players
blocks-heading = Players you blocked
blocks-explained = A player you block can no longer invite you or take a seat at your table, and neither of you reads the other in any chat.
blocks-none = You have blocked nobody.
blocks-since = since
blocks-block = Block
blocks-unblock = Unblock
blocks-you-blocked = You blocked this player.
blocks-back = Back to your account
blocks-link = Players you blocked
