# Signing in and up.

auth-sign-in = Sign in
auth-sign-up = Sign up
auth-username = Username
auth-password = Password
auth-password-again = Password again
auth-new-here = New here?
auth-create-account = Create an account
auth-sign-up-help = Pick a name the other players will see, and a password of at least 8 characters.
auth-username-help = 3 to 24 letters, digits, _ or -.
auth-create-my-account = Create my account
auth-have-account = Already have an account?
auth-passwords-differ = The two passwords differ; please type the same password twice.
auth-signed-out-everywhere = You are signed out everywhere: every browser signed in to your account is signed out. Your API tokens still work.
