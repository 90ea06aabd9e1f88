print("nightshift")
