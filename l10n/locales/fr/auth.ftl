# Connexion et inscription.

auth-sign-in = Se connecter
auth-sign-up = S’inscrire
auth-username = Nom d’utilisateur
auth-password = Mot de passe
auth-password-again = Mot de passe (encore)
auth-new-here = Nouveau venu ?
auth-create-account = Créer un compte
auth-sign-up-help = Choisissez le nom que verront les autres joueurs, et un mot de passe d’au moins 8 caractères.
auth-username-help = De 3 à 24 lettres, chiffres, _ ou -.
auth-create-my-account = Créer mon compte
auth-have-account = Vous avez déjà un compte ?
auth-passwords-differ = Les deux mots de passe diffèrent : tapez deux fois le même mot de passe.
auth-signed-out-everywhere = Vous êtes déconnecté partout : chaque navigateur connecté à votre compte est déconnecté. Vos jetons d’API marchent toujours.
