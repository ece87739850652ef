# Les huit jeux tels que l’accueil, le salon et les pages de règles les présentent. Leurs noms
# sont les mêmes dans toutes les langues (ils viennent du moteur de règles).

game-kind-dice = Dés
game-kind-board = Plateau
game-players-exactly = { $count } joueurs
game-players-solo = 1 à { $max } joueurs (en solo aussi)
game-players-range = { $min } à { $max } joueurs

game-blurb-linotte = Lancez cinq dés, annoncez votre combinaison (l’Appel) et prenez les cases d’une grille de 5 × 5 : alignez trois, quatre ou cinq pions.
game-blurb-yam-master = L’édition moderne de La Linotte : le Défi, le Yam Predator qui retire un pion, et cinq pions alignés gagnent aussitôt.
game-blurb-linja = Faites courir vos douze pions sur sept tiges de bambou ; plus la rangée où vous arrivez est chargée, plus votre saut suivant est long.
game-blurb-5000 = Mettez de côté les 1, les 5 et les brelans, tentez votre chance pour marquer plus, et encaissez avant qu’un lancer nul n’efface votre tour.
game-blurb-421 = Le jeu de comptoir : le plus mauvais lancer prend des jetons pendant la charge, le meilleur s’en débarrasse pendant la décharge.
game-blurb-cant-stop = Associez quatre dés par paires pour grimper les colonnes de 2 à 12 ; arrêtez-vous pour garder vos progrès, ou relancez au risque de tout perdre.
game-blurb-yams = Le Yams : trois lancers pour remplir chaque case de votre feuille, de l’Un au Yams, avec une prime au-delà de 63.
game-blurb-make-five = Cinq sur Cinq : l’Aligneur range des jetons de couleur en lignes pendant que le Destructeur en tire de nouveaux du sac.

# Le nom de chaque jeu après « de » et après « à », avec l’article de ceux qui en prennent un
# (« Règles du Yams », « Jouer au 421 », mais « Règles de La Linotte »).
game-of-linotte = de La Linotte
game-to-linotte = à La Linotte
game-of-yam-master = de Yam Master
game-to-yam-master = à Yam Master
game-of-linja = du Linja
game-to-linja = au Linja
game-of-5000 = du 5000
game-to-5000 = au 5000
game-of-421 = du 421
game-to-421 = au 421
game-of-cant-stop = de Can’t Stop
game-to-cant-stop = à Can’t Stop
game-of-yams = du Yams
game-to-yams = au Yams
game-of-make-five = de Make Five
game-to-make-five = à Make Five
