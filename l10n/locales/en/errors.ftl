# Errors: the error page, the inline messages of refused forms, the htmx flash messages.
# The service's refusals are translated by their code (error-<code>), its validation errors
# by their reason (error-invalid-<reason>), the field named by error-field-<field>.

error-code = Error { $status }
error-back-home = Back to the home page

error-heading-refused = That did not work
error-heading-forbidden = Not allowed
error-heading-not-found = Not found
error-heading-too-late = Too late
error-heading-slow-down = Slow down
error-heading-unavailable = Please try again in a moment
error-heading-server = Something went wrong

# The web's own errors.
error-sign-in-required = Please sign in first.
error-csrf = This form has expired or did not come from this site; reload the page and try again.
error-no-such-page = There is no such page.
error-bad-request-address = The address is not valid.
error-bad-request-form-unreadable = The form could not be read.
error-bad-request-form-too-large = The form is too large.
error-bad-request-username-missing = Say which computer player.
error-bad-request-page-number = The page number must be from 1 to 100,000.
error-bad-request-stream-matches = The matches to follow must be written ID:VERSION, separated by commas, each once, 64 at most.
error-bad-request-stream-tournaments = The tournaments to follow must be their ids, separated by commas, each once, 16 at most.

# The service's refusals, by code.
error-username-taken = This username is already taken.
error-username-taken-choose = This username is already taken; please choose another.
error-invalid-credentials = Wrong username or password.
error-unauthenticated = Your session has ended or is not valid: please sign in again.
error-not-found = { $what } not found.
error-thing-game = Game
error-thing-match = Match
error-thing-record = Record
error-thing-user = Player
error-thing-session = Session
error-thing-token = Token
error-not-a-player = You are not a player of this match.
error-not-invited = This match is reserved for invited players.
error-not-the-creator = Only the creator of the match may do this.
error-not-your-turn = It is not your turn.
# $reason: the rules' own words, in English.
error-illegal-action = Illegal action: { $reason }
error-version-conflict = Someone moved before you: here is the table as it is now.
error-match-not-open = The match is not open for joining.
error-match-not-active = The match is not in progress.
error-abort-not-allowed = Every player has moved: the match can no longer be aborted. Resign instead.
error-deadline-passed = Your time for a move has run out: the match records the time-out.
error-match-full = Every seat of this match is taken.
error-already-joined = You already sit at this match.
error-rate-limited = { $seconds ->
    [one] Too many attempts; try again in { $seconds } second.
   *[other] Too many attempts; try again in { $seconds } seconds.
}
error-too-many-bot-matches = You already have { $limit } matches against the computer open or in progress, the most an account may have. Finish or resign one of them first.
error-too-many-open-matches = You already have { $limit } open matches waiting for players, the most an account may have. Cancel one, or wait for players to join.
error-too-many-streams = Too many live pages are open from here. Close a few tabs of Tapis, then reload this page.
error-database-unavailable = Tapis cannot reach its database just now. Nothing was changed; please try again in a few seconds.
error-internal-error = Something went wrong on our side. It has been logged; please try again later.

# The fields that validation messages name.
error-field-username = The username
error-field-password = The password
error-field-new-password = The new password
error-field-current-password = Your current password
error-field-name = The name
error-field-seats = The number of players
error-field-invite = Invitations
error-field-days-per-move = The days per move
error-field-rated = Rated
error-field-game = The game
error-field-level = The level
error-field-opponents = The number of computer opponents
error-field-lang = The language
error-field-address = The address
error-field-limit = The number of results
error-field-offset = The position in the list
error-field-status = The status
error-field-player = The player
error-field-cursor = The place in the list
error-field-options = The options

# Validation errors, by reason. $field: the field's name above; $detail: the service's English
# words (some messages show them in English only); $name: a name the message quotes.
error-invalid-username-format = { $field } must be 3 to 24 letters, digits, '_' or '-'.
error-invalid-password-length = { $field } must be 8 to 128 characters.
error-invalid-password-too-long = { $field } must be at most 128 characters.
error-invalid-password-wrong = { $field } is not your password.
error-invalid-token-name-length = { $field } must be 1 to 64 characters.
error-field-scopes = The scopes
error-invalid-token-scopes-empty = Choose at least one scope: a token with none could do nothing.
error-invalid-token-scope-unknown = { $field }: { $detail }.
error-missing-scope = This token does not have the scope this needs.
error-invalid-level-unknown = { $field } must be easy, medium or strong.
error-invalid-opponents-none = { $field } must be 1 or more.
error-invalid-opponents-too-many = { $field } is too high: too many opponents.
error-invalid-cursor = { $field } is not a cursor from this list.
error-invalid-limit-range = { $field }: { $detail }.
error-invalid-offset-negative = { $field } must be 0 or more.
error-invalid-status-unknown = { $field } must be open, active, finished or aborted.
error-invalid-game-unknown = { $field }: { $detail }.
error-invalid-player-unknown = No player has this name.
error-invalid-seat-count = { $field }: { $detail }.
error-invalid-option = { $field }: { $detail }.
error-invalid-days-range = { $field } must be from 1 to 14, or no clock.
error-invalid-rated-default-options = Rated matches use the default options.
error-invalid-rated-two-players = Rated matches need two or more players.
error-invalid-rated-clock = Rated matches need a clock.
error-invalid-invite-too-many = Invitations: more players invited than free seats.
error-invalid-invite-unknown = Invitations: no player is named “{ $name }”.
error-invalid-invite-self = Invitations: you cannot invite yourself.
error-invalid-invite-rated-twice = Invitations: “{ $name }” can sit only once at a rated match.
error-invalid-invite-twice = Invitations: “{ $name }” is invited twice.
error-invalid-nul-character = { $field } must not contain a NUL character.
error-invalid-not-a-number = { $field } must be a number.
error-invalid-not-a-date-time = { $field } must be a date and time.
error-invalid-not-a-whole-number = { $field } must be a whole number.
error-invalid-language-unknown = { $field } must be English or French.

# Vacation.
error-already-on-vacation = You are already on vacation: come back first to start another.
error-not-on-vacation = You are not on vacation.
error-field-until = The end of the vacation
error-invalid-until-format = { $field } must be a date.
error-invalid-until-past = { $field } must be in the future.
error-invalid-vacation-allowance = This vacation is longer than the days you have left this year.

# E-mail notifications.
error-field-email = The e-mail address
error-field-events = The events
error-field-digest-hours = The number of hours
error-invalid-email-invalid = { $field } is not a valid e-mail address.
error-invalid-event-unknown = { $field }: { $detail }.
error-invalid-digest-range = { $field } must be from 1 to 168.
error-link-invalid = This link is not valid: it was not made by this site, or it was cut short. Copy the whole link from the mail.
error-link-expired = This confirmation link has expired (it works for 48 hours). Give your address again on your account page to get a new one.
error-link-superseded = This confirmation link is for an address that has been replaced since. Use the link of the latest mail.
error-chat-off = You turned this match’s chat off: turn it on to write.
error-invalid-chat-empty = A message needs some text.
error-invalid-chat-too-long = A message is at most 500 characters.
error-invalid-chat-control-characters = A message is one line, without control characters.
error-invalid-chat-links-not-yet = Accounts younger than a day cannot post links.
error-invalid-chat-computers = Computer players do not chat.
error-invalid-chat-text-or-preset = Write a message or choose a quick message.
error-bad-request-chat-preset = There is no such quick message.
error-invalid-invite-refused = Invitations: “{ $name }” does not take invitations from you.
error-not-welcome = A player at this match does not accept you at their table.
error-invalid-block-self = You cannot block yourself.
error-match-not-finished = The match is not over yet.
error-invalid-search-prefix = Search by the start of a name: 1 to 24 letters, digits, “_” or “-”.
error-invalid-follow-self = You cannot follow yourself.

# Reports and moderation.
error-account-suspended = A moderator suspended this account until { $until }.
error-chat-muted = A moderator muted your chat until { $until }.
error-not-a-moderator = Only moderators may do this.
error-already-reported = You already reported this, and a moderator has not looked at it yet.
error-thing-message = Message
error-thing-report = Report
error-invalid-moderation-text-empty = Say why in a few words.
error-invalid-moderation-text-too-long = At most 500 characters, please.
error-invalid-moderation-text-control = Write it on one line, without control characters.
error-invalid-report-message-incomplete = A message is named by its match and its number.
error-invalid-report-self = You cannot report yourself.
error-invalid-report-reason = Choose a reason.
error-invalid-moderation-days = A mute or a suspension lasts 1 to 3650 days.
error-invalid-moderation-days-unused = Only a mute or a suspension lasts a number of days.
error-invalid-moderation-dismiss-report = Say which report is dismissed.
error-invalid-moderation-self = A moderator does not act on their own account.
error-invalid-moderation-computer = Computer players are not moderated.
error-invalid-moderation-action = Choose an action.

# Tournaments: their refusals, by code, their validation reasons and their fields.
error-not-the-organiser = Only the organiser of the tournament may do this.
error-tournament-started = The tournament has started: it can no longer be left or cancelled (withdraw instead), and late entry closes once half its rounds have started.
error-tournament-not-started = The tournament has not started yet: leave it instead.
error-tournament-over = The tournament is over or cancelled.
error-already-entered = You are already entered in this tournament.
error-not-entered = You are not entered in this tournament.
error-already-withdrawn = You have already withdrawn from this tournament.
error-tournament-full = The tournament has as many players as it takes.
error-rating-outside-range = Your rating in this game is outside the tournament’s range.
error-bots-not-allowed = Computer players may sit only in casual tournaments that allow them.
error-invalid-tournament-name = { $field } must be 1 to 80 characters.
error-invalid-rounds-range = { $field } must be from 1 to 30.
error-invalid-starts-in-past = { $field } must not be in the past.
error-invalid-starts-too-far = { $field } must be within a year.
error-invalid-rating-range = { $field }: { $detail }.
error-invalid-max-players-range = { $field } must be from 2 to 1,000.
error-invalid-bots-rated = Computer players may sit only in casual tournaments.
error-invalid-bot-unknown = No computer player has this name.
error-invalid-tournament-status-unknown = { $field } must be upcoming, running, finished or cancelled.
error-field-table-size = The table size
error-field-rounds = The number of rounds
error-field-starts-at = The start
error-field-min-rating = The lowest rating
error-field-max-rating = The highest rating
error-field-max-players = The most players
error-field-allow-bots = Computer players
